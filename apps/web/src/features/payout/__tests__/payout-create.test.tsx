import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import { payoutCreate, payoutPage as payoutPageCall, payoutVerifyCodeSend } from '@andes/contract/payout/endpoints';
import { PAYOUT_FIELD_MESSAGES } from '@andes/contract/payout/rails';
import { PAYOUT_MESSAGES, type PayoutCreateRequest } from '@andes/contract/payout/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { chooseOptions, dialogNamed } from '../../../test/antd-helpers.ts';
import { envelope, mockFetch, type RecordedRequest } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { basePayout, CODE_SENT, createAnswer, NOW, payoutPage, quoteOf } from './fixtures.ts';

const CODES = ['home', 'payment:payout', 'payment:payout:create'];
type Routes = Parameters<typeof mockFetch>[0];

function signedIn(routes: Routes = {}, country: 'BR' | 'MX' = 'BR') {
  useAppStore.setState({ token: 'tok', countryByUser: { [String(demoUser.id)]: country } });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(CODES)),
    [payoutPageCall.path]: () => envelope(payoutPage([basePayout()])),
    ...routes,
  });
}

async function openForm(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: /New payout/ }, { timeout: 30_000 }));
  return dialogNamed('New payout');
}

const field = (drawer: HTMLElement, name: string) => within(drawer).getByRole('textbox', { name }) as HTMLInputElement;
const errorOf = async (drawer: HTMLElement, label: string) => {
  const input = within(drawer).getByLabelText(label);
  const item = input.closest('.ant-form-item') as HTMLElement;
  return waitFor(() => {
    const error = item.querySelector('.ant-form-item-explain-error');
    if (!error) throw new Error(`no error under ${label}`);
    return error.textContent;
  });
};
const bodies = (requests: RecordedRequest[], path: string) => requests.filter((r) => r.path === path).map((r) => r.body);

async function fillPix(user: UserEvent, drawer: HTMLElement, amount = '150') {
  await user.type(field(drawer, 'Amount (BRL)'), amount);
  await user.type(field(drawer, 'Beneficiary name'), 'Ana Lima');
  await user.type(field(drawer, 'CPF or CNPJ'), '123.456.789-09');
  await chooseOptions(user, within(drawer).getByRole('combobox', { name: 'PIX key type' }), ['E-mail']);
  await user.type(field(drawer, 'PIX key'), 'ana@example.com');
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('single payout', () => {
  it('checks the fields of each rail with the contract rules: the amount range, three decimals trimmed, the CPF', async () => {
    const requests = signedIn();
    renderApp('/payment/payout');
    const user = userEvent.setup();
    const drawer = await openForm(user);
    // Brazil offers PIX and TED; PIX asks for a key, TED for the bank account.
    const rails = within(drawer).getByRole('radiogroup', { name: 'Payment channel' });
    expect((within(rails).getByRole('radio', { name: 'PIX' }) as HTMLInputElement).checked).toBe(true);
    expect(within(drawer).getByText('Amount must be between 10.00 and 50,000.00 BRL')).toBeTruthy();
    expect(within(drawer).getByLabelText('PIX key')).toBeTruthy();
    expect(within(drawer).queryByLabelText('Bank code (COMPE or ISPB)')).toBeNull();
    // Optional fields are marked.
    expect(within(drawer).getByText('E-mail').closest('label')?.textContent).toMatch(/optional/);

    const amount = field(drawer, 'Amount (BRL)');
    await user.type(amount, '10.999');
    expect(amount.value).toBe('10.99');
    await user.clear(amount);
    await user.type(amount, '5');
    await user.tab();
    expect(await errorOf(drawer, 'Amount (BRL)')).toBe('Amount must be between 10.00 and 50,000.00 BRL');

    await user.type(field(drawer, 'CPF or CNPJ'), '123.456.789-00');
    await user.tab();
    expect(await errorOf(drawer, 'CPF or CNPJ')).toBe(PAYOUT_FIELD_MESSAGES.cpfCnpj);

    await user.click(within(rails).getByText('TED'));
    expect(await within(drawer).findByLabelText('Bank code (COMPE or ISPB)')).toBeTruthy();
    expect(within(drawer).getByText('Amount must be between 100.00 and 200,000.00 BRL')).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Review' }));
    expect(await errorOf(drawer, 'Beneficiary name')).toBe(PAYOUT_FIELD_MESSAGES.required);
    expect(await errorOf(drawer, 'Agency (branch)')).toBe(PAYOUT_FIELD_MESSAGES.required);
    // Nothing was asked of the server while the form is wrong.
    expect(bodies(requests, payoutCreate.path)).toEqual([]);
  });

  it('checks a CLABE with its check digit in Mexico', async () => {
    signedIn({}, 'MX');
    renderApp('/payment/payout');
    const user = userEvent.setup();
    const drawer = await openForm(user);
    expect(within(drawer).queryByRole('radiogroup', { name: 'Payment channel' })).toBeTruthy();
    expect(within(drawer).getByText('Amount must be between 100.00 and 500,000.00 MXN')).toBeTruthy();
    await user.type(field(drawer, 'CLABE'), '032180000118359710');
    await user.tab();
    expect(await errorOf(drawer, 'CLABE')).toBe(PAYOUT_FIELD_MESSAGES.clabe);
    await user.clear(field(drawer, 'CLABE'));
    await user.type(field(drawer, 'CLABE'), '032180000118359719');
    await user.tab();
    await waitFor(() => expect(field(drawer, 'CLABE').closest('.ant-form-item')?.querySelector('.ant-form-item-explain-error')).toBeNull());
  });

  it('shows the server’s field errors next to their fields', async () => {
    signedIn({
      [payoutCreate.path]: () =>
        envelope(
          { issues: [{ path: 'beneficiary.pixKey', message: PAYOUT_FIELD_MESSAGES.pixKeyDocument }] },
          ResultCode.VALIDATION_FAILED,
          'beneficiary.pixKey: invalid',
          { status: 400 },
        ),
    });
    renderApp('/payment/payout');
    const user = userEvent.setup();
    const drawer = await openForm(user);
    await fillPix(user, drawer);
    await user.click(within(drawer).getByRole('button', { name: 'Review' }));
    expect(await errorOf(drawer, 'PIX key')).toBe(PAYOUT_FIELD_MESSAGES.pixKeyDocument);
  });

  it('reviews the quote, confirms a duplicate, sends the code and creates once with the same request id on every try', async () => {
    const created = basePayout({ id: 120, uniqueId: 'PO2026011500120' });
    const tries = [
      () => envelope(null, ResultCode.VALIDATION_FAILED, PAYOUT_MESSAGES.codeIncorrect, { status: 400 }),
      () => envelope(null, ResultCode.VALIDATION_FAILED, PAYOUT_MESSAGES.codeExpired, { status: 400 }),
      () => envelope(createAnswer(15_000, created)),
    ];
    const requests = signedIn({
      [payoutCreate.path]: (request) => {
        const body = request.body as PayoutCreateRequest;
        if (body.dryRun) {
          return envelope(
            createAnswer(15_000, null, {
              duplicates: [{ uniqueId: 'PO2026011400077', rowNumber: null, createdAt: '2026-01-14T15:00:00.000Z', status: 'SETTLED' }],
            }),
          );
        }
        const next = tries.shift();
        if (!next) throw new Error('created more than once');
        return next();
      },
      [payoutVerifyCodeSend.path]: () => envelope(CODE_SENT),
    });
    const view = renderApp('/payment/payout?tab=APPROVED');
    const user = userEvent.setup();
    const drawer = await openForm(user);
    await fillPix(user, drawer, '150.00');
    await user.click(within(drawer).getByRole('button', { name: 'Review' }));

    const figures = await within(drawer).findByRole('group', { name: 'What the payout does to your balance' });
    const line = (label: string) => within(figures).getByText(label, { selector: 'th, th *' }).closest('tr')?.textContent;
    expect(line('Amount')).toBe('AmountR$ 150.00');
    expect(line('Fee')).toBe('FeeR$ 1.50');
    expect(line('VAT')).toBe('VATR$ 0.30');
    expect(line('Total reserved')).toBe('Total reservedR$ 151.80');
    expect(line('Available before')).toBe('Available beforeR$ 10,000.00');
    expect(line('Available after')).toBe('Available afterR$ 9,848.20');
    expect(bodies(requests, payoutCreate.path)).toEqual([
      {
        country: 'BR',
        productType: 'PIX',
        amount: 15_000,
        beneficiary: { name: 'Ana Lima', document: '12345678909', pixKeyType: 'EMAIL', pixKey: 'ana@example.com' },
        dryRun: true,
      },
    ]);

    // The duplicate must be confirmed, and a code entered, before anything is created.
    expect(within(drawer).getByText('Same as PO2026011400077 (Settled, created 2026-01-14 12:00:00)')).toBeTruthy();
    const create = within(drawer).getByRole('button', { name: 'Create payout' });
    expect(create.hasAttribute('disabled')).toBe(true);
    await user.click(within(drawer).getByRole('button', { name: /Send code/ }));
    expect(await within(drawer).findByText(/^Code sent to pa\*\*\*@andes-demo\.test, valid until 2026-01-15 09:10:00/)).toBeTruthy();
    expect(bodies(requests, payoutVerifyCodeSend.path)).toEqual([{ country: 'BR', count: 1, amount: 15_000 }]);
    expect(
      within(drawer)
        .getByRole('button', { name: /Send another code in 60 s/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    const code = field(drawer, 'Verification code');
    await user.type(code, '12 34-5a6');
    expect(code.value).toBe('123456');
    expect(create.hasAttribute('disabled')).toBe(true);
    await user.click(within(drawer).getByRole('checkbox', { name: /not a duplicate/ }));
    expect(create.hasAttribute('disabled')).toBe(false);

    await user.click(create);
    expect(await within(drawer).findByText('The verification code is incorrect!')).toBeTruthy();
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(create);
    expect(await within(drawer).findByText('The verification code has expired and has been re sent for you.')).toBeTruthy();
    expect(code.value).toBe('');
    await user.type(code, '111222');
    await user.click(create);

    expect(await screen.findByText('Payout PO2026011500120 was created and waits for approval')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(view.location()).toBe('/payment/payout?tab=PENDING');
    const creations = bodies(requests, payoutCreate.path).slice(1) as PayoutCreateRequest[];
    expect(creations.map((c) => [c.verifyCode, c.confirmDuplicates, c.dryRun])).toEqual([
      ['123456', true, false],
      ['654321', true, false],
      ['111222', true, false],
    ]);
    expect(new Set(creations.map((c) => c.requestId)).size).toBe(1);
    expect(creations[0]?.requestId).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(requests.filter((r) => r.path === payoutPageCall.path).at(-1)?.body).toMatchObject({ tab: 'PENDING' }));
  });

  it('says when the balance does not cover the payout, and offers no creation', async () => {
    signedIn({
      [payoutCreate.path]: () =>
        envelope(
          createAnswer(15_000, null, { quote: quoteOf(15_000, { availableBefore: 10_000, availableAfter: -5_180, sufficient: false }) }),
        ),
    });
    renderApp('/payment/payout');
    const user = userEvent.setup();
    const drawer = await openForm(user);
    await fillPix(user, drawer);
    await user.click(within(drawer).getByRole('button', { name: 'Review' }));
    expect(await within(drawer).findByText(/The available balance does not cover the amount/)).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: /Send code/ })).toBeNull();
    expect(within(drawer).getByRole('button', { name: 'Create payout' }).hasAttribute('disabled')).toBe(true);
    // Back to the form, with what was typed.
    await user.click(within(drawer).getByRole('button', { name: 'Edit' }));
    expect(field(drawer, 'Beneficiary name').value).toBe('Ana Lima');
  });
});

import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import { caseDetail as caseDetailCall, caseFileUpload, caseReplyPage, caseSave } from '@andes/contract/support/endpoints';
import { CASE_TITLE_MAX_LENGTH } from '@andes/contract/support/enums';
import { type CaseSaveRequest, E2E_ID_MESSAGE } from '@andes/contract/support/schemas';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { envelope, mockFetch } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { mockXhr } from '../../../test/xhr-mock.ts';
import { caseDetail, NOW, page, supportCase } from './fixtures.ts';

type Routes = Parameters<typeof mockFetch>[0];

const CODES = ['home', 'support:case', 'support:case-detail', 'support:create-case', 'support:case:create', 'support:case:detail'];

function signedIn(routes: Routes = {}) {
  useAppStore.setState({ token: 'tok', countryByUser: { [String(demoUser.id)]: 'BR' } });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(CODES)),
    [caseDetailCall.path]: () => envelope(caseDetail()),
    [caseReplyPage.path]: () => envelope(page([])),
    ...routes,
  });
}

/** A text box by its label (optional fields' labels end with "(optional)"). */
const input = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}( ?\\(optional\\))?$`) }) as HTMLInputElement;
/** Waits until the field shows this error. */
const expectError = (name: string, text: string) =>
  waitFor(() =>
    expect(
      [...(input(name).closest('.ant-form-item')?.querySelectorAll('.ant-form-item-explain-error') ?? [])].map((e) => e.textContent),
    ).toEqual([text]),
  );

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

const FROM_PAYIN = '/support-center/create-case?uniqueId=PI2601050000901&transactionType=PAY_IN&productType=PIX&country=BR';

describe('create case', { timeout: 60_000 }, () => {
  it('is filled in from the transaction it is opened from, with the user’s e-mail', async () => {
    signedIn();
    renderApp(FROM_PAYIN);
    expect(await screen.findByRole('heading', { name: 'Create a case' }, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByText('A case about transaction PI2601050000901: its details are filled in.')).toBeTruthy();
    expect(input('Transaction key').value).toBe('PI2601050000901');
    expect(input('Notification e-mail').value).toBe('dana@example.com');
    // The case type, transaction type and product type chosen.
    const chosen = [...document.querySelectorAll('form .ant-select')].map((el) => el.textContent);
    expect(chosen).toEqual(['Brazil', 'Transactions', 'Pay-in', 'PIX']);
  });

  it('checks the required fields and the maximum lengths before sending anything', async () => {
    const requests = signedIn();
    renderApp('/support-center/create-case');
    const user = userEvent.setup();
    const submit = await screen.findByRole('button', { name: 'Create case' }, { timeout: 30_000 });
    await user.click(submit);
    expect(await screen.findByText('Choose the case type')).toBeTruthy();
    await expectError('Title', 'Enter a title');
    await expectError('Description', 'Describe the problem');
    fireEvent.change(input('Title'), { target: { value: 'x'.repeat(CASE_TITLE_MAX_LENGTH + 1) } });
    await expectError('Title', 'At most 100 characters');
    // The count is shown against the maximum.
    expect(input('Title').closest('.ant-input-affix-wrapper')?.textContent).toContain('101 / 100');
    fireEvent.change(input('E2E ID'), { target: { value: 'E123' } });
    await expectError('E2E ID', 'An E2E ID is 32 characters: E, the 8-digit ISPB, yyyyMMddHHmm and 11 letters or digits');
    expect(requests.some((r) => r.path === caseSave.path)).toBe(false);
  });

  it('sends one idempotency key per opening: a double click sends once, a retry after a refusal sends the same key', async () => {
    let tries = 0;
    // The first answer waits until the test lets it come (the second click lands while it is awaited).
    let answerFirst: () => void = () => undefined;
    const first = new Promise<void>((resolve) => {
      answerFirst = resolve;
    });
    const requests = signedIn({
      [caseSave.path]: async () => {
        tries += 1;
        if (tries === 1) {
          await first;
          return envelope({ issues: [{ path: 'e2eId', message: E2E_ID_MESSAGE }] }, ResultCode.VALIDATION_FAILED, 'e2eId: invalid', {
            status: 400,
          });
        }
        return envelope({ outcome: 'CREATED', case: supportCase({ id: 31 }), message: null });
      },
    });
    const uploads = mockXhr();
    const view = renderApp(FROM_PAYIN);
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Create case' }, { timeout: 30_000 });
    fireEvent.change(input('Title'), { target: { value: '  Pix paid but not credited ' } });
    fireEvent.change(input('Description'), { target: { value: 'Paid at 10:02.\nStill unpaid.' } });
    await user.upload(screen.getByTestId('uploader-input'), new File(['%PDF-1.4'], 'receipt.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(uploads[0]?.path).toBe(caseFileUpload.path));
    act(() =>
      uploads[0]?.respondEnvelope({
        files: [{ fileId: 'f_receipt000000000000000', name: 'receipt.pdf', size: 8, contentType: 'application/pdf' }],
      }),
    );
    await screen.findByText('Uploaded');

    const submit = screen.getByRole('button', { name: 'Create case' });
    await user.dblClick(submit);
    await waitFor(() => expect(requests.filter((r) => r.path === caseSave.path)).toHaveLength(1));
    // Another click while the answer is awaited sends nothing more.
    fireEvent.click(submit);
    answerFirst();
    // The server's field error is put on its field, in the interface language.
    await expectError('E2E ID', 'An E2E ID is 32 characters: E, the 8-digit ISPB, yyyyMMddHHmm and 11 letters or digits');
    expect(requests.filter((r) => r.path === caseSave.path)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Create case' }));
    await waitFor(() => expect(view.location()).toBe('/support-center/case-detail/31'));
    const sent = requests.filter((r) => r.path === caseSave.path).map((r) => r.body as CaseSaveRequest);
    expect(sent).toHaveLength(2);
    expect(sent[0]?.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(sent[1]?.idempotencyKey).toBe(sent[0]?.idempotencyKey);
    expect(sent[1]).toEqual({
      idempotencyKey: sent[0]?.idempotencyKey,
      country: 'BR',
      caseType: 'TRANSACTIONS',
      transactionType: 'PAY_IN',
      productType: 'PIX',
      title: 'Pix paid but not credited',
      description: 'Paid at 10:02.\nStill unpaid.',
      transactionKey: 'PI2601050000901',
      notificationEmail: 'dana@example.com',
      fileIds: ['f_receipt000000000000000'],
    });
    expect(await screen.findByText('Case CS20260115ABC123 was opened')).toBeTruthy();
  });
});

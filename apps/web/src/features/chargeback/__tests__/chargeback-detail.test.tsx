import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { ATTACHMENT_MAX_BYTES } from '@andes/contract/common/constants';
import {
  chargebackAccept,
  chargebackAppendixDownload,
  chargebackAppendixUpload,
  chargebackDefense,
  chargebackQuery,
} from '@andes/contract/risk/endpoints';
import { DEFENSE_DESCRIPTION_MAX_LENGTH } from '@andes/contract/risk/enums';
import { RISK_MESSAGES } from '@andes/contract/risk/schemas';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { dialogNamed } from '../../../test/antd-helpers.ts';
import { envelope, mockFetch } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { mockXhr } from '../../../test/xhr-mock.ts';
import { at, detail, NOW } from './fixtures.ts';

type Routes = Parameters<typeof mockFetch>[0];

const CODES = [
  'home',
  'transactions:payin',
  'transactions:detail',
  'risk:chargeback-represent',
  'risk:chargeback-represent-detail',
  'risk:chargeback:defense',
  'risk:chargeback:accept',
];

function signedIn(codes: string[], routes: Routes = {}) {
  useAppStore.setState({ token: 'tok', countryByUser: { [String(demoUser.id)]: 'BR' } });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(codes)),
    ...routes,
  });
}

const field = (label: string) => {
  const cell = screen.getAllByText(label).find((el) => el.closest('.ant-descriptions-item-label'));
  const content = cell?.closest('th, td')?.nextElementSibling;
  if (!content) throw new Error(`no field ${label}`);
  return content as HTMLElement;
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('chargeback detail', { timeout: 60_000 }, () => {
  it('shows every field, the disputed pay-in’s link, the evidence checklist with its explanations, the appendices and the history', async () => {
    const requests = signedIn(CODES, {
      [chargebackQuery.path]: () =>
        envelope(
          detail({
            status: 'UNDER_DEFENSE',
            daysLeft: null,
            bucket: null,
            description: 'Delivered and signed for',
            defenseDate: at(-1),
            defendedBy: 'Dana Finance',
            actions: [],
            appendices: [{ fileId: 'f_pod0000000000000000000', name: 'delivery.png', size: 20_480, contentType: 'image/png' }],
            history: [
              { event: 'RECEIVED', status: 'CHARGE_BACK', at: at(-15), by: null, note: null },
              { event: 'DEFENDED', status: 'UNDER_DEFENSE', at: at(-1), by: 'Dana Finance', note: null },
            ],
          }),
        ),
      [chargebackAppendixDownload.path]: () => new Response('\u0089PNG', { headers: { 'content-type': 'image/png' } }),
    });
    renderApp('/risk/chargeback-represent-detail/41');
    expect(await screen.findByRole('heading', { name: 'Chargeback order-901' }, { timeout: 30_000 })).toBeTruthy();
    expect(requests.find((r) => r.path === chargebackQuery.path)?.body).toEqual({ id: 41 });
    const payin = screen.getByRole('link', { name: 'Open pay-in PI2601050000901' });
    expect(payin.getAttribute('href')).toBe('/transactions/detail/901');
    expect(field('Dispute amount').textContent).toBe('R$ 250.00');
    expect(field('Card').textContent).toBe('411111******1111');
    expect(field('Card brand').textContent).toBe('Visa');
    expect(field('Reason code').textContent).toBe('Fraud');
    expect(field('Defence deadline').textContent).toBe('2026-01-20 09:00:00');
    expect(field('Defence description').textContent).toBe('Delivered and signed for');
    expect(field('Defended by').textContent).toBe('Dana Finance');
    // The checklist of FRAUD, each item explained.
    const checklist = screen.getByRole('list', { name: 'Evidence checklist' });
    const items = within(checklist).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('strong')?.textContent)).toEqual([
      '3-D Secure authentication',
      'Device and IP address',
      'Prior undisputed payments',
      'Customer identity',
      'Receipt or invoice',
    ]);
    expect(within(checklist).getByText(/authenticated the payment with 3-D Secure/)).toBeTruthy();
    // The appendix, previewed through the authenticated download call.
    const thumbnail = await screen.findByRole('button', { name: 'Preview delivery.png' });
    await waitFor(() => expect(within(thumbnail).getByRole('img', { name: 'delivery.png' }).getAttribute('src')).toMatch(/^blob:/));
    expect(requests.filter((r) => r.path === chargebackAppendixDownload.path).map((r) => r.body)).toEqual([
      { id: 41, fileId: 'f_pod0000000000000000000' },
    ]);
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByText('Defence submitted')).toBeTruthy();
    // Answered: no defence form, no accept.
    expect(screen.queryByRole('button', { name: 'Submit defence' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept chargeback' })).toBeNull();
  });

  it('defends: the appendix is required, the description has a limit, oversized files are refused, and the uploaded ids are sent', async () => {
    const requests = signedIn(CODES, {
      [chargebackQuery.path]: () => envelope(detail()),
      [chargebackDefense.path]: () =>
        envelope(detail({ status: 'UNDER_DEFENSE', daysLeft: null, bucket: null, actions: [], description: 'It was the cardholder' })),
    });
    const uploads = mockXhr();
    renderApp('/risk/chargeback-represent-detail/41');
    const user = userEvent.setup();
    const submit = await screen.findByRole('button', { name: 'Submit defence' }, { timeout: 30_000 });
    // Nothing filled: both are required.
    await user.click(submit);
    expect(await screen.findByText('Describe the defence')).toBeTruthy();
    expect(screen.getByText('Please upload the attachment')).toBeTruthy();

    // Longer than the limit: said, not sent.
    const description = screen.getByRole('textbox', { name: 'Defence description' });
    fireEvent.change(description, { target: { value: 'x'.repeat(DEFENSE_DESCRIPTION_MAX_LENGTH + 1) } });
    expect(await screen.findByText('A defence description has at most 2,000 characters')).toBeTruthy();
    fireEvent.change(description, { target: { value: '  It was the cardholder  ' } });
    await waitFor(() => expect(screen.queryByText('A defence description has at most 2,000 characters')).toBeNull());

    // A file over 10 MB is refused before sending, with the uploadSizeExceed message.
    const input = screen.getByTestId('uploader-input');
    const big = new File(['x'], 'huge.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: ATTACHMENT_MAX_BYTES + 1 });
    await user.upload(input, big);
    expect(await screen.findByText('huge.pdf: The file must not exceed 10 MB')).toBeTruthy();
    expect(uploads).toHaveLength(0);

    await user.upload(input, new File(['%PDF-1.4'], 'receipt.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(uploads[0]?.path).toBe(chargebackAppendixUpload.path));
    act(() =>
      uploads[0]?.respondEnvelope({
        files: [{ fileId: 'f_receipt000000000000000', name: 'receipt.pdf', size: 8, contentType: 'application/pdf' }],
      }),
    );
    await screen.findByText('Uploaded');
    await user.click(screen.getByRole('button', { name: 'Submit defence' }));
    await waitFor(() => expect(requests.some((r) => r.path === chargebackDefense.path)).toBe(true));
    expect(requests.filter((r) => r.path === chargebackDefense.path).map((r) => r.body)).toEqual([
      { id: 41, description: 'It was the cardholder', fileIds: ['f_receipt000000000000000'] },
    ]);
    expect(await screen.findByText('The defence of order-901 was submitted')).toBeTruthy();
  });

  it('shows the server’s refusal of a defence in the interface language', async () => {
    signedIn(CODES, {
      [chargebackQuery.path]: () => envelope(detail()),
      [chargebackDefense.path]: () => envelope(null, 400, RISK_MESSAGES.chargebackNotOpen('DEFENSE_LOST')),
    });
    const uploads = mockXhr();
    renderApp('/risk/chargeback-represent-detail/41');
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Submit defence' }, { timeout: 30_000 });
    fireEvent.change(screen.getByRole('textbox', { name: 'Defence description' }), { target: { value: 'Evidence attached' } });
    await user.upload(screen.getByTestId('uploader-input'), new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(uploads[0]).toBeTruthy());
    act(() =>
      uploads[0]?.respondEnvelope({
        files: [{ fileId: 'f_a000000000000000000000', name: 'a.pdf', size: 4, contentType: 'application/pdf' }],
      }),
    );
    await screen.findByText('Uploaded');
    await user.click(screen.getByRole('button', { name: 'Submit defence' }));
    expect(
      await screen.findByText('This chargeback is Defence lost: it can no longer be defended or accepted', {}, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it('accepts only after the irreversible-action confirm', async () => {
    let current = detail();
    const requests = signedIn(CODES, {
      [chargebackQuery.path]: () => envelope(current),
      [chargebackAccept.path]: () => {
        current = detail({
          status: 'DEFENSE_LOST',
          accepted: true,
          daysLeft: null,
          bucket: null,
          actions: [],
          outcomeAt: NOW.toISOString(),
        });
        return envelope(current);
      },
    });
    renderApp('/risk/chargeback-represent-detail/41');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept chargeback' }, { timeout: 30_000 }));
    const dialog = await dialogNamed('Accept the chargeback order-901?');
    expect(
      within(dialog).getByText(/Accepting is irreversible: the chargeback ends as lost and R\$ 250.00 stays with the cardholder/),
    ).toBeTruthy();
    // Cancel sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Accept the chargeback order-901?')).toBeNull());
    expect(requests.some((r) => r.path === chargebackAccept.path)).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Accept chargeback' }));
    const again = await dialogNamed('Accept the chargeback order-901?');
    await user.click(within(again).getByRole('button', { name: 'Accept, do not defend' }));
    await waitFor(() => expect(requests.filter((r) => r.path === chargebackAccept.path).map((r) => r.body)).toEqual([{ id: 41 }]));
    expect(await screen.findByText('The chargeback order-901 was accepted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Submit defence' })).toBeNull());
    expect(field('Accepted by the merchant').textContent).toBe('Accepted');
  });

  it('says why a defence is no longer possible once the deadline has passed', async () => {
    signedIn(CODES, {
      [chargebackQuery.path]: () => envelope(detail({ daysLeft: -2, bucket: 'OVERDUE', deadline: at(-2), actions: ['ACCEPT'] })),
    });
    renderApp('/risk/chargeback-represent-detail/41?hideBack=1');
    expect(
      await screen.findByText(
        'The defence deadline (2026-01-13 09:00:00) has passed: a defence can no longer be submitted.',
        {},
        { timeout: 30_000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit defence' })).toBeNull();
    // The checklist still shows; the back button is hidden in a new tab.
    expect(screen.getByRole('list', { name: 'Evidence checklist' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(within(field('Days left')).getByText('Overdue by 2 d')).toBeTruthy();
  });
});

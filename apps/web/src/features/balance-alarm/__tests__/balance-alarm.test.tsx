import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { balanceAlarmHistory, balanceAlarmList, balanceAlarmUpdate } from '@andes/contract/balance-alarm/endpoints';
import {
  ALARM_MESSAGES,
  type AlarmEvent,
  type AlarmHistoryRequest,
  type BalanceAlarm,
  type BalanceAlarmList,
} from '@andes/contract/balance-alarm/schemas';
import { ResultCode } from '@andes/contract/common/envelope';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { chooseOptions, dialogNamed } from '../../../test/antd-helpers.ts';
import { installMatchMedia } from '../../../test/browser-stubs.ts';
import { envelope, mockFetch, type RecordedRequest } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { alarmOf } from './alarm-fixture.ts';

const ALL_CODES = ['setting:configure', 'setting:balance-alarm:modify'];

const base = alarmOf({ updatedAt: '2026-01-05T12:00:00.000Z', updatedByName: 'Dana Finance' });

const payout: BalanceAlarm = {
  ...base,
  accountId: 32,
  accountNo: 'BR-PAYOUT-0032',
  accountType: 'PAY_OUT',
  available: 2_000,
  threshold: 10_000,
  below: true,
  subscribers: [
    { userId: 7, name: 'Dana Finance' },
    { userId: 12, name: 'Ana Ops' },
  ],
  version: 5,
  lastFiredAt: '2026-01-10T15:30:00.000Z',
};

const marketplace: BalanceAlarm = {
  ...base,
  accountId: 33,
  accountNo: 'BR-MKT-0033',
  accountType: 'MARKET_PLACE',
  holderName: 'Loja Filial',
  subMerchant: true,
  threshold: null,
  subscribers: [],
  version: 0,
  updatedAt: null,
  updatedByName: null,
};

const recipients = [
  { userId: 7, name: 'Dana Finance' },
  { userId: 12, name: 'Ana Ops' },
];

const fired: AlarmEvent = {
  id: 2,
  accountId: 32,
  accountNo: 'BR-PAYOUT-0032',
  accountType: 'PAY_OUT',
  currency: 'BRL',
  kind: 'FIRED',
  available: 2_000,
  threshold: 10_000,
  at: '2026-01-10T15:30:00.000Z',
  notified: 2,
  mailedAt: '2026-01-10T15:31:00.000Z',
};

const pending: AlarmEvent = { ...fired, id: 3, at: '2026-01-11T10:00:00.000Z', mailedAt: null, notified: 1 };

const recovered: AlarmEvent = {
  ...fired,
  id: 1,
  accountId: 31,
  accountNo: 'BR-PAYIN-0031',
  accountType: 'PAY_IN',
  kind: 'RECOVERED',
  available: 60_000,
  threshold: 50_000,
  at: '2026-01-09T12:00:00.000Z',
  notified: 0,
  mailedAt: null,
};

function signedIn(
  codes: string[],
  extra: Record<string, (r: RecordedRequest) => Response> = {},
  list: () => BalanceAlarmList = () => ({
    list: [base, payout, marketplace],
    recipients,
  }),
) {
  useAppStore.setState({ token: 'tok' });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(codes, ['BR', 'MX'])),
    [balanceAlarmList.path]: () => envelope(list()),
    [balanceAlarmHistory.path]: (r) => {
      const request = r.body as AlarmHistoryRequest;
      const rows = [pending, fired, recovered].filter((e) => request.accountId === undefined || e.accountId === request.accountId);
      return envelope({ list: rows, total: rows.length, totalCapped: false, nextCursor: null });
    },
    ...extra,
  });
}

const bodies = (requests: RecordedRequest[], path: string) => requests.filter((r) => r.path === path).map((r) => r.body);

function rowOf(table: HTMLElement, text: string): HTMLElement {
  const row = within(table)
    .getAllByRole('row')
    .find((r) => r.textContent?.includes(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

describe('balance alarms table', () => {
  it('shows each account with its balance, threshold, state, people and last firing in the country’s zone', async () => {
    const requests = signedIn(ALL_CODES);
    renderApp('/setting/configure');
    expect(await screen.findByRole('heading', { name: 'Configure' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Balance alarms' });
    await within(table).findByText('BR-PAYIN-0031');
    expect(bodies(requests, balanceAlarmList.path)).toEqual([{ country: 'BR' }]);

    const payin = rowOf(table, 'BR-PAYIN-0031');
    expect(within(payin).getByText('Pay-in account')).toBeTruthy();
    expect(within(payin).getByText('R$ 1,000.00')).toBeTruthy();
    expect(within(payin).getByText('R$ 500.00')).toBeTruthy();
    expect(within(payin).getByText('OK').getAttribute('data-status-color')).toBe('success');
    expect(within(payin).getByText('Never')).toBeTruthy();

    const payoutRow = rowOf(table, 'BR-PAYOUT-0032');
    expect(within(payoutRow).getByText('Below threshold').getAttribute('data-status-color')).toBe('error');
    expect(within(payoutRow).getByText('Dana Finance, Ana Ops')).toBeTruthy();
    expect(within(payoutRow).getByText('2026-01-10 12:30:00')).toBeTruthy();

    const market = rowOf(table, 'BR-MKT-0033');
    expect(within(market).getByText('Sub-merchant')).toBeTruthy();
    expect(within(market).getByText('Loja Filial')).toBeTruthy();
    expect(
      within(market)
        .getAllByText('Off')
        .map((e) => e.getAttribute('data-status-color')),
    ).toEqual([null, 'default']);
    expect(within(market).getByText('Nobody')).toBeTruthy();

    expect(within(table).getByRole('columnheader', { name: /^Last fired \(America\/Sao_Paulo, UTC-3\)$/ })).toBeTruthy();
    expect(screen.getByText(/once when the account's available balance falls below the threshold/)).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Edit the alarm of BR-PAYIN-0031' })).toBeTruthy();
  });

  it('hides Edit without the permission, and ignores an edit dialog named in the URL', async () => {
    signedIn(['setting:configure']);
    renderApp('/setting/configure?dialog=edit&id=31');
    const table = await screen.findByRole('table', { name: 'Balance alarms' });
    await within(table).findByText('BR-PAYIN-0031');
    expect(within(table).queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when the country has no accounts', async () => {
    signedIn(ALL_CODES, {}, () => ({ list: [], recipients }));
    renderApp('/setting/configure');
    expect(await screen.findByText('This country has no accounts yet.')).toBeTruthy();
  });

  it('shows the rows as cards on a phone', async () => {
    installMatchMedia(390);
    signedIn(ALL_CODES);
    renderApp('/setting/configure');
    const cards = await screen.findByRole('list', { name: 'Balance alarms' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(3);
    expect(within(cards).getByText('Below threshold')).toBeTruthy();
    expect(within(cards).getByRole('button', { name: 'Edit the alarm of BR-PAYOUT-0032' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Balance alarms' })).toBeNull();
  });
});

describe('editing an alarm', () => {
  it('converts the typed amount to cents exactly, sends the version, then reloads the list and the history', async () => {
    const saved = { ...base, threshold: 123_450, below: true, version: 4, subscribers: recipients };
    let listed: BalanceAlarm[] = [base, payout, marketplace];
    const requests = signedIn(
      ALL_CODES,
      {
        [balanceAlarmUpdate.path]: () => {
          listed = [saved, payout, marketplace];
          return envelope(saved);
        },
      },
      () => ({ list: listed, recipients }),
    );
    const app = renderApp('/setting/configure');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit the alarm of BR-PAYIN-0031' }));
    await waitFor(() => expect(app.location()).toBe('/setting/configure?dialog=edit&id=31'));
    const modal = await dialogNamed('Balance alarm of BR-PAYIN-0031');
    expect(within(modal).getByText('R$ 1,000.00')).toBeTruthy();
    expect(within(modal).getByRole('switch', { name: 'Alarm on' }).getAttribute('aria-checked')).toBe('true');
    const threshold = within(modal).getByLabelText('Threshold (BRL)') as HTMLInputElement;
    expect(threshold.value).toBe('500.00');
    expect(
      within(modal).getByText('The available balance is at or above this threshold: the alarm fires when it falls below.'),
    ).toBeTruthy();

    await user.clear(threshold);
    await user.type(threshold, '1,234.5');
    expect(threshold.value).toBe('1234.5');
    expect(within(modal).getByText('The available balance is below this threshold: saving fires the alarm at once.')).toBeTruthy();
    await chooseOptions(user, within(modal).getByLabelText('People to notify'), ['Ana Ops']);

    const listCalls = bodies(requests, balanceAlarmList.path).length;
    const historyCalls = bodies(requests, balanceAlarmHistory.path).length;
    const save = within(modal).getByRole('button', { name: 'Save' });
    await user.click(save);
    await user.click(save);
    await waitFor(() =>
      expect(bodies(requests, balanceAlarmUpdate.path)).toEqual([
        { accountId: 31, threshold: 123_450, subscriberIds: [7, 12], version: 3 },
      ]),
    );
    expect(await screen.findByText('Alarm of BR-PAYIN-0031 saved')).toBeTruthy();
    await waitFor(() => expect(app.location()).toBe('/setting/configure'));
    await waitFor(() => expect(bodies(requests, balanceAlarmList.path).length).toBeGreaterThan(listCalls));
    expect(bodies(requests, balanceAlarmHistory.path).length).toBeGreaterThan(historyCalls);
    const table = screen.getByRole('table', { name: 'Balance alarms' });
    expect(await within(rowOf(table, 'BR-PAYIN-0031')).findByText('R$ 1,234.50')).toBeTruthy();
    expect(bodies(requests, balanceAlarmUpdate.path)).toHaveLength(1);
  });

  it('requires a threshold while on, and switches the alarm off with null', async () => {
    const requests = signedIn(ALL_CODES, { [balanceAlarmUpdate.path]: () => envelope({ ...base, threshold: null, version: 4 }) });
    renderApp('/setting/configure?dialog=edit&id=31');
    const modal = await dialogNamed('Balance alarm of BR-PAYIN-0031');
    const user = userEvent.setup();
    await user.clear(within(modal).getByLabelText('Threshold (BRL)'));
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await within(modal).findByText('Please enter the threshold')).toBeTruthy();
    expect(bodies(requests, balanceAlarmUpdate.path)).toEqual([]);

    await user.click(within(modal).getByRole('switch', { name: 'Alarm on' }));
    expect(within(modal).getByText('The alarm is off: nobody is notified.')).toBeTruthy();
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodies(requests, balanceAlarmUpdate.path)).toEqual([{ accountId: 31, threshold: null, subscriberIds: [7], version: 3 }]),
    );
  });

  it('shows a conflict’s message and reloads the list, the form taking the other change', async () => {
    let listed: BalanceAlarm[] = [base, payout, marketplace];
    const requests = signedIn(
      ALL_CODES,
      {
        [balanceAlarmUpdate.path]: () => {
          listed = [{ ...base, threshold: 80_000, version: 4 }, payout, marketplace];
          return envelope(null, ResultCode.CONFLICT, ALARM_MESSAGES.stale);
        },
      },
      () => ({ list: listed, recipients }),
    );
    renderApp('/setting/configure?dialog=edit&id=31');
    const modal = await dialogNamed('Balance alarm of BR-PAYIN-0031');
    const user = userEvent.setup();
    const listCalls = bodies(requests, balanceAlarmList.path).length;
    await user.clear(within(modal).getByLabelText('Threshold (BRL)'));
    await user.type(within(modal).getByLabelText('Threshold (BRL)'), '600');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect((await within(modal).findByRole('alert')).textContent).toContain(ALARM_MESSAGES.stale);
    await waitFor(() => expect(bodies(requests, balanceAlarmList.path).length).toBeGreaterThan(listCalls));
    await waitFor(() => expect((within(modal).getByLabelText('Threshold (BRL)') as HTMLInputElement).value).toBe('800.00'));
    expect(within(modal).getByRole('alert').textContent).toContain(ALARM_MESSAGES.stale);

    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies(requests, balanceAlarmUpdate.path).at(-1)).toMatchObject({ threshold: 80_000, version: 4 }));
  });

  it('puts a refused person on the people field', async () => {
    signedIn(ALL_CODES, {
      [balanceAlarmUpdate.path]: () =>
        envelope(
          { issues: [{ path: 'subscriberIds', message: ALARM_MESSAGES.notRecipient }] },
          ResultCode.VALIDATION_FAILED,
          'Invalid request',
        ),
    });
    renderApp('/setting/configure?dialog=edit&id=31');
    const modal = await dialogNamed('Balance alarm of BR-PAYIN-0031');
    await userEvent.setup().click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await within(modal).findByText(ALARM_MESSAGES.notRecipient)).toBeTruthy();
  });
});

describe('alarm history', () => {
  it('lists firings and recoveries with their e-mail, and filters by account', async () => {
    const requests = signedIn(ALL_CODES);
    renderApp('/setting/configure');
    const table = await screen.findByRole('table', { name: 'Alarm history' });
    await within(table).findByText('2026-01-11 07:00:00');
    const firedRow = rowOf(table, '2026-01-10 12:30:00');
    expect(within(firedRow).getByText('Fired').getAttribute('data-status-color')).toBe('error');
    expect(within(firedRow).getByText('Sent 2026-01-10 12:31:00')).toBeTruthy();
    expect(within(firedRow).getByText('R$ 20.00')).toBeTruthy();
    expect(within(rowOf(table, '2026-01-11 07:00:00')).getByText('Pending')).toBeTruthy();
    const recoveredRow = rowOf(table, '2026-01-09 09:00:00');
    expect(within(recoveredRow).getByText('Recovered').getAttribute('data-status-color')).toBe('success');
    expect(bodies(requests, balanceAlarmHistory.path)).toEqual([{ country: 'BR', pageSize: 20 }]);

    const user = userEvent.setup();
    await chooseOptions(user, screen.getByLabelText('Account'), ['BR-PAYIN-0031 · Pay-in account']);
    await waitFor(() => expect(bodies(requests, balanceAlarmHistory.path).at(-1)).toEqual({ country: 'BR', accountId: 31, pageSize: 20 }));
    await waitFor(() => expect(within(table).queryByText('Fired')).toBeNull());
    expect(within(table).getByText('Recovered')).toBeTruthy();
  });
});

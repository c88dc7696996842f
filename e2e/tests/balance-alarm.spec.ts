import { withdrawalCancel, withdrawalConfig, withdrawalCreate } from '@andes/contract/accounting/endpoints';
import type { FeeConfigAnswer, RequestCreated } from '@andes/contract/accounting/schemas';
import { balanceAlarmList } from '@andes/contract/balance-alarm/endpoints';
import type { BalanceAlarmList } from '@andes/contract/balance-alarm/schemas';
import { centsToUnitsString } from '@andes/contract/common/money';
import { expect, test } from '@playwright/test';
import { call, createRole, createUser, signInToken, unique } from '../api.ts';
import { DEMO } from '../demo-users.ts';
import { readAllAnnouncements } from '../messages.ts';
import { chooseOptions, dialog } from '../pages/antd.ts';
import { AppShell } from '../pages/app-shell.ts';
import { LoginPage } from '../pages/login-page.ts';

/*
 * Balance alarms (issue #15; docs/decisions/0033): a user sets an alarm on the Configure screen at
 * the account's available balance, a withdrawal takes the balance below it, and the user sees the
 * notice in the message center, the alarm "Below threshold" and a "Fired" line in its history;
 * cancelling the withdrawal recovers it. Everything happens in CONDOR's MX payout account, notified
 * to a user made for the test: no other test touches CONDOR's money or this user's messages.
 */

// The payout account: nothing moves its balance in the browser tests but this test (a pay-in account's
// pending money is released as the demo history's settlement dates pass, which could lift it back).
const ACCOUNT = 'CONDOR.MX.PAY_OUT';
const SHOTS = '.tsbuild/balance-alarm-shots';

test('an alarm set on the Configure screen fires once when a withdrawal takes the balance below it, and the notice shows', async ({
  page,
  request,
}) => {
  const condorToken = await signInToken(request, DEMO.condor.username, DEMO.condor.password);
  const username = unique('alarm');
  const password = 'AlarmWatch2026';
  const roleId = await createRole(request, condorToken, unique('Alarm watchers '), [
    'setting:configure',
    'setting:balance-alarm:modify',
    'message-center',
    'message-center:detail',
  ]);
  const watcher = await createUser(request, condorToken, { username, password, roleIds: [roleId], countries: ['MX'] });
  // The provider's announcements are shown after a first sign-in until read: read them now.
  await readAllAnnouncements(request, username, password);

  const before = await call(request, balanceAlarmList, { country: 'MX' }, { token: condorToken });
  const account = (before.data as BalanceAlarmList).list.find((a) => a.accountNo === ACCOUNT);
  if (!account) throw new Error(`${ACCOUNT} is not listed`);
  // The demo history leaves CONDOR payout money in Mexico: enough for the smallest withdrawal and its fees.
  const config = await call(request, withdrawalConfig, { country: 'MX', mode: 'PAY_OUT' }, { token: condorToken });
  const { minAmount } = config.data as FeeConfigAnswer;
  expect(account.available, `${ACCOUNT} has money to withdraw`).toBeGreaterThan(2 * minAmount);

  const login = new LoginPage(page);
  await login.open();
  await login.signIn(username, password);
  const shell = new AppShell(page);
  await shell.waitUntilReady();
  await page.goto('/setting/configure');
  await expect(page.getByRole('heading', { name: 'Configure' })).toBeVisible();
  const row = page.getByRole('table', { name: 'Balance alarms' }).getByRole('row').filter({ hasText: ACCOUNT });
  await expect(row).toContainText('Off');

  // The alarm at the balance itself: not below it yet, so it only watches.
  await row.getByRole('button', { name: `Edit the alarm of ${ACCOUNT}` }).click();
  const edit = dialog(page, `Balance alarm of ${ACCOUNT}`);
  await expect(edit).toBeVisible();
  await edit.getByRole('switch', { name: 'Alarm on' }).click();
  await edit.getByLabel('Threshold (MXN)').fill(centsToUnitsString(account.available));
  await chooseOptions(page, edit.getByLabel('People to notify'), [watcher.displayName]);
  await expect(edit).toContainText('the alarm fires when it falls below');
  await page.screenshot({ path: `${SHOTS}/edit-desktop-en.png` });
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('OK');
  await expect(row).toContainText(watcher.displayName);

  // A withdrawal of payout money, as CONDOR's admin makes it: the balance falls below the threshold.
  const made = await call(
    request,
    withdrawalCreate,
    {
      requestId: unique('e2e-alarm-'),
      country: 'MX',
      mode: 'PAY_OUT',
      amount: minAmount,
      beneficiaryAccount: { holderName: 'Condor Tiendas', bankName: 'BBVA', accountNumber: '0123-456789' },
    },
    { token: condorToken },
  );
  expect(made.code, made.msg).toBe(200);

  await page.reload();
  await expect(row).toContainText('Below threshold');
  const history = page.getByRole('table', { name: /Alarm history/ });
  await expect(history.getByRole('row').filter({ hasText: ACCOUNT }).first()).toContainText('Fired');
  await page.screenshot({ path: `${SHOTS}/configure-desktop-en.png`, fullPage: true });

  // The notice, in the watcher's message center.
  await page.goto('/message-center');
  const notice = page.getByRole('main').getByRole('link', { name: `Open Low balance: ${ACCOUNT} (MX PAY_OUT)` });
  await expect(notice).toBeVisible();
  await notice.click();
  await expect(page.getByRole('heading', { name: `Low balance: ${ACCOUNT} (MX PAY_OUT)` })).toBeVisible();
  await expect(page.getByTestId('message-content')).toContainText('below its alarm threshold');

  // Cancelled, the withdrawal gives the money back: the alarm recovers, with no second notice.
  const cancelled = await call(request, withdrawalCancel, { id: (made.data as RequestCreated).request.id }, { token: condorToken });
  expect(cancelled.code, cancelled.msg).toBe(200);
  await page.goto('/setting/configure');
  await expect(row).toContainText('OK');
  await expect(history.getByRole('row').filter({ hasText: ACCOUNT }).first()).toContainText('Recovered');
  await page.goto('/message-center');
  await expect(page.getByRole('main').getByRole('link', { name: /^Open Low balance/ })).toHaveCount(1);
});

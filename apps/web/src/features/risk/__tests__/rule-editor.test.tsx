import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import { replayQuery, replayStart, ruleAdd, ruleHistory, ruleQuery, ruleTemplates, ruleUpdate } from '@andes/contract/risk/endpoints';
import {
  type ReplayStartRequest,
  RISK_MESSAGES,
  type RuleAddRequest,
  type RuleUpdateRequest,
  type TemplateQueryRequest,
} from '@andes/contract/risk/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { chooseOptions, dialogNamed } from '../../../test/antd-helpers.ts';
import { envelope, mockFetch } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { NOW, page, replay, rule, templates } from './fixtures.ts';

type Routes = Parameters<typeof mockFetch>[0];

const CODES = ['home', 'risk:configure', 'risk:configure-detail', 'risk:rule:add', 'risk:rule:edit', 'risk:rule:delete'];

function signedIn(routes: Routes = {}, codes: string[] = CODES) {
  useAppStore.setState({ token: 'tok', countryByUser: { [String(demoUser.id)]: 'BR' } });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(codes)),
    [ruleTemplates.path]: (request) => envelope(templates((request.body as TemplateQueryRequest).type)),
    [ruleQuery.path]: () => envelope(page([rule()])),
    ...routes,
  });
}

const field = (drawer: HTMLElement, name: string) => within(drawer).getByRole('textbox', { name }) as HTMLInputElement;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('rule editor', { timeout: 60_000 }, () => {
  it('a list rule takes only values, with the list input rules, and is added once with them', async () => {
    const requests = signedIn({ [ruleAdd.path]: (r) => envelope(rule({ ...(r.body as RuleAddRequest), id: 50, version: 1 } as never)) });
    renderApp('/risk/risk-configure/detail/BLOCK?dialog=add');
    const drawer = await dialogNamed('New Block rule');
    const user = userEvent.setup();
    // Document list: values only; no threshold, duration or score.
    await within(drawer).findByRole('group', { name: 'Document' });
    expect(within(drawer).queryByRole('textbox', { name: 'Threshold (count)' })).toBeNull();
    expect(within(drawer).queryByText('Duration')).toBeNull();
    expect(within(drawer).queryByRole('spinbutton')).toBeNull();
    expect(within(drawer).getByRole('switch', { name: 'Send to case management' })).toBeTruthy();

    // One row, no remove; add sits on the last row only; remove shows with more than one row.
    expect(within(drawer).queryByRole('button', { name: /Remove/ })).toBeNull();
    const first = field(drawer, 'Document 1');
    expect(first.maxLength).toBe(128);
    await user.type(first, '123.456.789-09');
    await user.click(within(drawer).getByRole('button', { name: 'Add a row to Document' }));
    expect(within(drawer).getAllByRole('button', { name: /^Add a row to Document/ })).toHaveLength(1);
    expect(within(drawer).getAllByRole('button', { name: /^Remove Document/ })).toHaveLength(2);
    await user.type(field(drawer, 'Document 2'), '12345678909');
    await user.click(within(drawer).getByRole('button', { name: 'Add rule' }));
    // The same document twice (after normalising) is refused before anything is sent.
    expect(await within(drawer).findByText('Row 2: this value is listed twice')).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Remove Document 2' }));
    expect(within(drawer).queryByRole('button', { name: /^Remove Document/ })).toBeNull();

    await user.dblClick(within(drawer).getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(requests.some((r) => r.path === ruleAdd.path)).toBe(true));
    const adds = requests.filter((r) => r.path === ruleAdd.path).map((r) => r.body as RuleAddRequest);
    expect(adds).toHaveLength(1);
    expect(adds[0]).toEqual({
      country: 'BR',
      type: 'BLOCK',
      template: 'DOCUMENT_LIST',
      // Saved without a name: named after its template.
      name: 'Document list',
      values: ['123.456.789-09'],
      enabled: true,
      sendToCaseManagement: false,
      requestId: adds[0]?.requestId,
    });
    expect(await screen.findByText(/was added \(v1\)/)).toBeTruthy();
  });

  it('an amount threshold is normalised as typed and sent in cents, a duration in seconds; the server’s field errors show on the fields', async () => {
    const requests = signedIn({
      [ruleQuery.path]: () => envelope(page([])),
      [ruleAdd.path]: () =>
        envelope(
          { issues: [{ path: 'duration', message: 'A duration is at most 90 days' }] },
          ResultCode.VALIDATION_FAILED,
          'Invalid request',
        ),
    });
    renderApp('/risk/risk-configure/detail/ORDER_VELOCITY?dialog=add');
    const drawer = await dialogNamed('New Order velocity rule');
    const user = userEvent.setup();
    // The first template counts pay-ins per card: a count and a duration, no values.
    expect(await within(drawer).findByRole('textbox', { name: 'Threshold (count)' })).toHaveProperty('value', '5');
    expect(within(drawer).queryByRole('group', { name: 'Card' })).toBeNull();
    await chooseOptions(user, within(drawer).getByRole('combobox', { name: 'Template' }), ['Amount per card']);
    const amount = await within(drawer).findByRole('textbox', { name: 'Threshold amount (BRL)' });
    // The template's default (R$ 10,000.00), then what is typed, normalised (spec §5).
    expect((amount as HTMLInputElement).value).toBe('10000.00');
    await user.clear(amount);
    await user.type(amount, '１500。129x');
    expect((amount as HTMLInputElement).value).toBe('1500.12');
    const duration = within(drawer).getByRole('textbox', { name: 'Duration' });
    await user.clear(duration);
    await user.type(duration, '3');
    await chooseOptions(user, within(drawer).getByRole('combobox', { name: 'Duration unit' }), ['Hours']);
    await user.click(within(drawer).getByRole('switch', { name: 'Send to case management' }));
    await user.click(within(drawer).getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(requests.some((r) => r.path === ruleAdd.path)).toBe(true));
    expect(requests.find((r) => r.path === ruleAdd.path)?.body).toMatchObject({
      type: 'ORDER_VELOCITY',
      template: 'CARD_AMOUNT',
      threshold: 150_012,
      duration: 10_800,
      sendToCaseManagement: true,
    });
    expect((requests.find((r) => r.path === ruleAdd.path)?.body as object | undefined) ?? {}).not.toHaveProperty('values');
    expect(await within(drawer).findByText('A duration is at most 90 days')).toBeTruthy();
  });

  it('trust rules have no "send to case management"; a score rule takes only a score', async () => {
    signedIn();
    const view = renderApp('/risk/risk-configure/detail/TRUST?dialog=add');
    const drawer = await dialogNamed('New Trust rule');
    await within(drawer).findByRole('group', { name: 'Document' });
    expect(within(drawer).queryByRole('switch', { name: 'Send to case management' })).toBeNull();
    view.unmount();
    renderApp('/risk/risk-configure/detail/ML_SCORE_CUTOFF?dialog=add');
    const cutoff = await dialogNamed('New ML score cutoff rule');
    expect(await within(cutoff).findByRole('spinbutton', { name: 'Score cutoff (1–100)' })).toHaveProperty('value', '80');
    expect(within(cutoff).queryByRole('group', { name: /Document|BIN/ })).toBeNull();
    expect(within(cutoff).queryByRole('textbox', { name: /Threshold/ })).toBeNull();
  });

  it('an update names the version it loaded; a conflict says so and reloads the new version', async () => {
    let loaded = rule({ version: 3 });
    const requests = signedIn({
      [ruleHistory.path]: () => envelope({ rule: loaded, versions: [] }),
      [ruleUpdate.path]: () => envelope(null, ResultCode.CONFLICT, RISK_MESSAGES.ruleChanged),
    });
    renderApp('/risk/risk-configure/detail/BLOCK?dialog=edit&id=41');
    const drawer = await dialogNamed('Edit Block rule');
    const user = userEvent.setup();
    expect(await within(drawer).findByRole('textbox', { name: 'Document 2' })).toHaveProperty('value', 'X98765');
    await user.click(within(drawer).getByRole('button', { name: 'Remove Document 2' }));
    await user.click(within(drawer).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(requests.some((r) => r.path === ruleUpdate.path)).toBe(true));
    expect(requests.find((r) => r.path === ruleUpdate.path)?.body as RuleUpdateRequest).toMatchObject({
      id: 41,
      version: 3,
      values: ['12345678909'],
    });
    const alert = await within(drawer).findByText(/changed by someone else in the meantime/);
    expect(alert).toBeTruthy();
    loaded = rule({ version: 4, values: ['12345678909', 'X98765', 'Z55555'] });
    await user.click(within(drawer).getByRole('button', { name: 'Reload' }));
    expect(await within(drawer).findByRole('textbox', { name: 'Document 3' })).toHaveProperty('value', 'Z55555');
    expect(within(drawer).queryByText(/changed by someone else/)).toBeNull();
    await user.click(within(drawer).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(requests.filter((r) => r.path === ruleUpdate.path)).toHaveLength(2));
    expect(requests.filter((r) => r.path === ruleUpdate.path)[1]?.body).toMatchObject({ version: 4 });
  });

  it('tests the draft before saving: the replay’s figures and a sample linking to the pay-ins', async () => {
    const requests = signedIn({
      [ruleQuery.path]: () => envelope(page([])),
      [replayStart.path]: () => envelope({ id: 300 }),
      [replayQuery.path]: () => envelope(replay()),
    });
    renderApp('/risk/risk-configure/detail/BLOCK?dialog=add');
    const drawer = await dialogNamed('New Block rule');
    const user = userEvent.setup();
    await user.type(await within(drawer).findByRole('textbox', { name: 'Document 1' }), '12345678909');
    await user.click(within(drawer).getByText('60 days'));
    await user.click(within(drawer).getByRole('button', { name: 'Test before saving' }));
    await waitFor(() => expect(requests.some((r) => r.path === replayStart.path)).toBe(true));
    expect(requests.find((r) => r.path === replayStart.path)?.body as ReplayStartRequest).toEqual({
      country: 'BR',
      days: 60,
      draft: {
        country: 'BR',
        type: 'BLOCK',
        template: 'DOCUMENT_LIST',
        values: ['12345678909'],
        enabled: true,
        sendToCaseManagement: false,
      },
    });
    const result = await within(drawer).findByRole('group', { name: 'Replay result' });
    expect(within(result).getByText('3 of 8')).toBeTruthy();
    expect(within(result).getByText('90.0% → 89.3%')).toBeTruthy();
    expect(within(result).getByRole('link', { name: 'PI20260110000501' }).getAttribute('href')).toBe('/transactions/detail/501');
    // Nothing was saved.
    expect(requests.some((r) => r.path === ruleAdd.path)).toBe(false);
  });
});

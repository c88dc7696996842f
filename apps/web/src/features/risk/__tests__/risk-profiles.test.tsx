import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { replayPage, ruleCounts } from '@andes/contract/risk/endpoints';
import { CONFIG_TYPES } from '@andes/contract/risk/enums';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { envelope, mockFetch } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { page, replay } from './fixtures.ts';

describe('risk profiles', { timeout: 60_000 }, () => {
  it('shows the twelve configuration types with their counts, each opening its page by the enum value', async () => {
    useAppStore.setState({ token: 'tok', countryByUser: { [String(demoUser.id)]: 'BR' } });
    mockFetch({
      [currentUserInfo.path]: () => envelope(demoUser),
      [permissionLoad.path]: () => envelope(permissionLoadOf(['home', 'risk:configure', 'risk:configure-detail'])),
      [ruleCounts.path]: () =>
        envelope({
          list: [
            { type: 'ORDER_VELOCITY', total: 4, enabled: 3 },
            { type: 'RETRO_PERFORMANCE', total: 7, enabled: 0 },
          ],
        }),
      [replayPage.path]: () => envelope(page([replay({ ruleId: 9, ruleVersion: 2, rule: { ...replay().rule, name: 'Fraud docs' } })])),
    });
    const view = renderApp('/risk/risk-profiles');
    const list = await screen.findByRole('list', { name: 'Configuration types' });
    await screen.findByText('Rules: 4 · enabled: 3');
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(CONFIG_TYPES.length);
    const order = cards.find((c) => c.textContent?.includes('Order velocity')) as HTMLElement;
    expect(await within(order).findByText('Rules: 4 · enabled: 3')).toBeTruthy();
    expect(within(cards.find((c) => c.textContent?.includes('Trust')) as HTMLElement).getByText('Rules: 0 · enabled: 0')).toBeTruthy();
    expect(within(cards.at(-1) as HTMLElement).getByText('Replays: 7')).toBeTruthy();
    expect(within(order).getByRole('link', { name: 'Order velocity' }).getAttribute('href')).toBe(
      '/risk/risk-configure/detail/ORDER_VELOCITY',
    );

    // Retro performance lists the country's replays with their figures.
    await userEvent.setup().click(within(cards.at(-1) as HTMLElement).getByRole('link', { name: 'Retro performance' }));
    expect(view.location()).toBe('/risk/risk-configure/detail/RETRO_PERFORMANCE');
    expect(await screen.findByText('Fraud docs')).toBeTruthy();
    expect(screen.getByText('3 of 8')).toBeTruthy();
    expect(screen.getByText('90.0% → 89.3%')).toBeTruthy();
  });
});

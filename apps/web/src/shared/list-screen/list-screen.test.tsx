import { type Page, PageRequest } from '@andes/contract/common/page';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, type TableColumnsType } from 'antd';
import { type Key, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { installMatchMedia } from '../../test/browser-stubs.ts';
import { createQueryClient } from '../api/query-client.ts';
import { type FilterParams, listRequestOf } from './list-filters.ts';
import { ListScreen } from './list-screen.tsx';
import { TOTALS_INDEX } from './totals-row.tsx';
import { useListScreen } from './use-list-screen.ts';

interface Person {
  id: number;
  name: string;
  state: 'ON' | 'OFF';
}

const Request = PageRequest.extend({
  name: z.string().trim().min(1).optional(),
  state: z.enum(['ON', 'OFF']).optional(),
  team: z.literal('core'),
});
type Request = z.output<typeof Request>;
const FILTERS = { name: 'text', state: 'text' } as const satisfies FilterParams;

type Fetch = (request: Request) => Promise<Page<Person>>;

const page = (list: Person[], nextCursor: string | null = null): Page<Person> => ({
  list,
  total: list.length,
  totalCapped: false,
  nextCursor,
});
const ana: Person = { id: 1, name: 'Ana', state: 'ON' };
const bruno: Person = { id: 2, name: 'Bruno', state: 'OFF' };

function People({
  fetch,
  poll,
  selectable = false,
  totals,
}: {
  fetch: Fetch;
  poll?: (rows: readonly Person[]) => number | false;
  selectable?: boolean;
  totals?: Person;
}) {
  const [chosen, setChosen] = useState<Key[]>([]);
  const people = useListScreen({
    filters: FILTERS,
    requestOf: (params, position) => listRequestOf(Request, FILTERS, params, position, { team: 'core' }),
    query: { key: (request) => ['people', request], fetch: (request) => fetch(request) },
    dialogs: { kinds: ['detail'], withId: ['detail'] },
    ...(poll ? { poll } : {}),
  });
  const columns: TableColumnsType<Person> = [
    { key: 'name', title: 'Name', dataIndex: 'name' },
    { key: 'state', title: 'State', render: (_, person) => (person.state === 'ON' ? 'Active' : 'Away') },
    { key: 'team', title: 'Team', render: () => 'Core' },
    {
      key: 'actions',
      title: 'Actions',
      render: (_, person, index) =>
        index === TOTALS_INDEX ? null : (
          <Button size="small" aria-label={`Detail of ${person.name}`} onClick={() => people.openDialog('detail', person.id)}>
            Detail
          </Button>
        ),
    },
  ];
  return (
    <ListScreen
      screen={people}
      title="People"
      actions={<Button>Add person</Button>}
      tabs={{
        name: 'state',
        label: 'Presence',
        options: [
          { value: '', label: 'Everyone' },
          { value: 'ON', label: 'Active' },
          { value: 'OFF', label: 'Away' },
        ],
      }}
      filterBar={{ name: 'people-filters', label: 'Search people', fields: [{ kind: 'text', name: 'name', label: 'Name' }] }}
      columns={columns}
      card={{ title: 'name', extra: 'state' }}
      details={{ label: 'More about', render: (person) => <p>Notes on {person.name}</p> }}
      emptyText="Nobody here"
      totals={totals}
      label="People list"
      toolbar={selectable && <p>{`Chosen: ${chosen.join(', ') || 'none'}`}</p>}
      {...(selectable
        ? {
            selection: {
              keys: chosen,
              onChange: (keys: Key[]) => setChosen(keys),
              name: (person: Person) => `Choose ${person.name}`,
              allName: 'Choose everyone shown',
            },
          }
        : {})}
    >
      {people.dialog && (
        <div role="dialog" aria-label={`Person ${people.dialog.id}`}>
          <Button onClick={people.closeDialog}>Close</Button>
        </div>
      )}
    </ListScreen>
  );
}

function renderPeople(
  fetch: Fetch,
  path = '/people',
  poll?: (rows: readonly Person[]) => number | false,
  selectable = false,
  totals?: Person,
) {
  const router = createMemoryRouter(
    [
      {
        path: '/people',
        element: <People fetch={fetch} selectable={selectable} {...(poll ? { poll } : {})} {...(totals ? { totals } : {})} />,
      },
    ],
    {
      initialEntries: [path],
    },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { location: () => `${router.state.location.pathname}${router.state.location.search}` };
}

describe('ListScreen', () => {
  it('shows the rows in a keyset table and keeps filters, tab, page and dialog in the URL', async () => {
    const fetch = vi.fn<Fetch>(async (request) => (request.cursor ? page([bruno]) : page([ana], 'c2')));
    const app = renderPeople(fetch);
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Ana')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'People' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add person' })).toBeTruthy();
    expect(fetch).toHaveBeenLastCalledWith({ team: 'core', pageSize: 20 });

    const user = userEvent.setup();
    const filters = screen.getByRole('form', { name: 'Search people' });
    await user.type(within(filters).getByLabelText('Name'), '  An ');
    await user.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(app.location()).toBe('/people?name=An'));
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith({ name: 'An', team: 'core', pageSize: 20 }));

    await user.click(within(screen.getByRole('radiogroup', { name: 'Presence' })).getByText('Active'));
    await waitFor(() => expect(app.location()).toBe('/people?name=An&state=ON'));

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(app.location()).toBe('/people?name=An&state=ON&page=2&cursor=c2'));
    expect(await within(table).findByText('Bruno')).toBeTruthy();
    expect(fetch).toHaveBeenLastCalledWith({ name: 'An', state: 'ON', team: 'core', pageSize: 20, cursor: 'c2' });

    await user.click(screen.getByRole('button', { name: 'Detail of Bruno' }));
    await waitFor(() => expect(app.location()).toBe('/people?name=An&state=ON&page=2&cursor=c2&dialog=detail&id=2'));
    const dialog = screen.getByRole('dialog', { name: 'Person 2' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(app.location()).toBe('/people?name=An&state=ON&page=2&cursor=c2'));

    // Reset clears the bar's fields; the tab stays.
    await user.click(within(filters).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(app.location()).toBe('/people?state=ON'));
  });

  it('restores the filters of a link in the bar and the tabs, and opens the row details', async () => {
    renderPeople(async () => page([ana]), '/people?name=Ana&state=ON');
    const table = await screen.findByRole('table');
    await within(table).findByText('Ana');
    expect((within(screen.getByRole('form', { name: 'Search people' })).getByLabelText('Name') as HTMLInputElement).value).toBe('Ana');
    expect((screen.getByRole('radio', { name: 'Active' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.setup().click(within(table).getByRole('button', { name: /expand row/i }));
    expect(await screen.findByText('Notes on Ana')).toBeTruthy();
  });

  it('says when the list is empty', async () => {
    renderPeople(async () => page([]));
    expect(await screen.findByText('Nobody here')).toBeTruthy();
  });

  it('shows a failure with a retry, then the rows', async () => {
    let fail = true;
    const fetch = vi.fn<Fetch>(async () => {
      if (fail) throw new Error('The list is resting');
      return page([ana]);
    });
    renderPeople(fetch);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The list is resting');
    expect(screen.getByText('The list could not be loaded.')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Ana')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reloads the rows on screen while the poll asks for it, and stops when it does not', async () => {
    let calls = 0;
    const fetch = vi.fn<Fetch>(async () => (calls++ === 0 ? page([ana]) : page([{ ...ana, state: 'OFF' }])));
    renderPeople(fetch, '/people', (rows) => (rows.some((row) => row.state === 'ON') ? 50 : false));
    expect(await screen.findByText('Active', { selector: 'td' })).toBeTruthy();
    expect(await screen.findByText('Away', { selector: 'td' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('shows cards with infinite scroll on a phone, built from the same columns', async () => {
    installMatchMedia(390);
    const fetch = vi.fn<Fetch>(async (request) => (request.cursor ? page([bruno]) : page([ana], 'c2')));
    renderPeople(fetch);
    const list = await screen.findByRole('list', { name: 'People list' });
    const first = await within(list).findByRole('listitem');
    expect(within(first).getByText('Ana')).toBeTruthy();
    expect(within(first).getByText('Active')).toBeTruthy();
    expect(within(first).getByText('Team')).toBeTruthy();
    expect(within(first).getByText('Core')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Detail of Ana' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();

    const user = userEvent.setup();
    await user.click(within(first).getByRole('button', { name: /More about/ }));
    expect(await within(first).findByText('Notes on Ana')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByText('Bruno')).toBeTruthy();
    expect(fetch).toHaveBeenLastCalledWith({ team: 'core', pageSize: 20, cursor: 'c2' });
    expect(screen.getByText('No more data')).toBeTruthy();
  });

  it('lets rows be chosen across pages, with named checkboxes', async () => {
    const fetch = vi.fn<Fetch>(async (request) => (request.cursor ? page([bruno]) : page([ana], 'c2')));
    renderPeople(fetch, '/people', undefined, true);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Choose Ana' }));
    expect(screen.getByText('Chosen: 1')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Choose everyone shown' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Choose Bruno' }));
    expect(screen.getByText('Chosen: 1, 2')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Choose Bruno' }));
    expect(screen.getByText('Chosen: 1')).toBeTruthy();
  });

  it('puts the checkbox of a chosen row on its card on a phone', async () => {
    installMatchMedia(390);
    const fetch = vi.fn<Fetch>(async () => page([ana, bruno]));
    renderPeople(fetch, '/people', undefined, true);
    const user = userEvent.setup();
    const box = await screen.findByRole('checkbox', { name: 'Choose Bruno' });
    await user.click(box);
    expect(screen.getByText('Chosen: 2')).toBeTruthy();
    expect((box as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Choose Ana' }));
    expect(screen.getByText('Chosen: 2, 1')).toBeTruthy();
    await user.click(box);
    expect(screen.getByText('Chosen: 1')).toBeTruthy();
  });

  it('draws the totals with the same columns: the table’s footer row, a card above the cards on a phone', async () => {
    const everyone: Person = { id: 0, name: 'All 2 people', state: 'ON' };
    renderPeople(async () => page([ana, bruno]), '/people', undefined, false, everyone);
    const table = await screen.findByRole('table');
    await within(table).findByText('Bruno');
    const footer = within(table).getByText('All 2 people').closest('tr') as HTMLElement;
    expect(footer.closest('tfoot')).toBeTruthy();
    // An empty cell under the expand buttons, then the columns.
    expect(
      within(footer)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['', 'All 2 people', 'Active', 'Core', '']);
    cleanup();

    installMatchMedia(390);
    renderPeople(async () => page([ana, bruno]), '/people', undefined, false, everyone);
    const list = await screen.findByRole('list', { name: 'People list' });
    await within(list).findByText('Bruno');
    const card = screen.getByText('All 2 people').closest('.ant-card') as HTMLElement;
    expect(list.contains(card)).toBe(false);
    expect(within(card).getByText('Core')).toBeTruthy();
  });
});

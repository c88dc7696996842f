import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { App } from '../app/app.tsx';
import { createAppRouter } from '../app/router.tsx';
import { createQueryClient } from '../shared/api/query-client.ts';

/** Renders the whole app at `path`, in memory. */
export function renderApp(path: string) {
  const router = createAppRouter((routes) => createMemoryRouter(routes, { initialEntries: [path] }));
  const queryClient = createQueryClient();
  const view = render(<App router={router} queryClient={queryClient} />);
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, router, queryClient, location };
}

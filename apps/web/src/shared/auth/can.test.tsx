import { permissionLoad } from '@andes/contract/auth/endpoints';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, mockFetch } from '../../test/fetch-mock.ts';
import { permissionLoadOf } from '../../test/fixtures.ts';
import { createQueryClient } from '../api/query-client.ts';
import { useAppStore } from '../store/app-store.ts';
import { Can } from './can.tsx';

describe('Can', () => {
  it('shows children only for codes in the loaded menu tree', async () => {
    useAppStore.setState({ token: 'tok' });
    mockFetch({ [permissionLoad.path]: () => envelope(permissionLoadOf(['iam:user:create'])) });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Can permission="iam:user:create">
          <span>create user</span>
        </Can>
        <Can permission="iam:user:remove" fallback={<span>no remove</span>}>
          <span>remove user</span>
        </Can>
        <Can permission={['iam:role:create', 'iam:user:detail']}>
          <span>one of several</span>
        </Can>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('create user')).toBeTruthy();
    expect(screen.getByText('no remove')).toBeTruthy();
    expect(screen.queryByText('remove user')).toBeNull();
    // iam:user:create depends on iam:user:detail, so the tree holds it too
    expect(screen.getByText('one of several')).toBeTruthy();
  });
});

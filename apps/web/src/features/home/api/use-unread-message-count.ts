import { unreadMessageCount } from '@andes/contract/home/endpoints';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import { HOME_REFETCH_MS } from './query-keys.ts';

/** The caller's unread messages (only for users holding 'message-center'). */
export function useUnreadMessageCount(enabled: boolean) {
  return useQuery({
    queryKey: ['home', 'unreadMessages'] as const,
    queryFn: ({ signal }) => call(unreadMessageCount, {}, { signal, silent: true }),
    enabled,
    refetchInterval: HOME_REFETCH_MS,
  });
}

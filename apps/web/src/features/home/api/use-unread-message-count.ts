import { unreadMessageCount } from '@andes/contract/home/endpoints';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import { UNREAD_MESSAGES_KEY } from '../../../shared/api/shared-query-keys.ts';
import { HOME_REFETCH_MS } from './query-keys.ts';

/** The caller's unread messages (only for users holding 'message-center'). */
export function useUnreadMessageCount(enabled: boolean) {
  return useQuery({
    queryKey: UNREAD_MESSAGES_KEY,
    queryFn: ({ signal }) => call(unreadMessageCount, {}, { signal, silent: true }),
    enabled,
    refetchInterval: HOME_REFETCH_MS,
  });
}

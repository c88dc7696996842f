import { announcementList, markAllRead, markAnnouncementsRead, messageDetail, messageList } from '@andes/contract/message/endpoints';
import type { MarkAllReadRequest, MessageRow } from '@andes/contract/message/schemas';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import { UNREAD_MESSAGES_KEY } from '../../../shared/api/shared-query-keys.ts';
import type { ListQuery } from '../../../shared/list-screen/use-list-screen.ts';
import type { MessageCenterRequest } from '../message-url.ts';

/** Query keys of the message center; reading anything invalidates `all` and Home's unread count. */
export const messageKeys = {
  all: ['message'] as const,
  page: (request: MessageCenterRequest) => [...messageKeys.all, 'page', request] as const,
  detail: (id: number) => [...messageKeys.all, 'detail', id] as const,
  /** The after-sign-in dialog's unread announcements (per user: a new sign-in is another user). */
  unreadAnnouncements: (user: string) => [...messageKeys.all, 'unread-announcements', user] as const,
};

/** Something became read: the lists, the dialog and Home's count reload. */
export function afterRead(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: messageKeys.all }),
    client.invalidateQueries({ queryKey: UNREAD_MESSAGES_KEY }),
  ]);
}

/** The message center's pages: the messages, or the announcements (their own call), reloaded whenever the screen opens. */
export const messageListQuery: ListQuery<MessageCenterRequest, MessageRow> = {
  key: (request) => messageKeys.page(request),
  fetch: ({ kind, category, ...rest }, signal) =>
    kind === 'ANNOUNCEMENT'
      ? call(announcementList, { pageSize: rest.pageSize, read: rest.read, cursor: rest.cursor }, { signal })
      : call(messageList, { ...rest, category }, { signal }),
  staleTime: 0,
};

/** A message; opening it marks it read on the server, so the lists and Home's count reload after it. */
export function useMessageDetail(id: number | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: messageKeys.detail(id ?? 0),
    queryFn: async ({ signal }) => {
      const message = await call(messageDetail, { id: id ?? 0 }, { signal });
      void client.invalidateQueries({ queryKey: [...messageKeys.all, 'page'] });
      void client.invalidateQueries({ queryKey: [...messageKeys.all, 'unread-announcements'] });
      void client.invalidateQueries({ queryKey: UNREAD_MESSAGES_KEY });
      return message;
    },
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: MarkAllReadRequest) => call(markAllRead, request),
    onSuccess: () => afterRead(client),
  });
}

/** The unread announcements shown after sign-in (at most 10, newest first). */
export function useUnreadAnnouncements(user: string | null) {
  return useQuery({
    queryKey: messageKeys.unreadAnnouncements(user ?? ''),
    queryFn: ({ signal }) => call(announcementList, { pageSize: 10, read: 'UNREAD' }, { signal, silent: true }),
    enabled: user !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useMarkAnnouncementsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => call(markAnnouncementsRead, { ids }),
    onSuccess: () => afterRead(client),
  });
}

import { utcOffsetLabel } from '@andes/contract/common/countries';
import { formatDateTime } from '@andes/contract/common/dates';
import { MESSAGE_CATEGORIES, MESSAGE_KINDS, type MessageRow, READ_FILTERS } from '@andes/contract/message/schemas';
import { Button, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/api/notifier.ts';
import { Can } from '../../../shared/auth/can.tsx';
import { usePermission } from '../../../shared/auth/use-permissions.ts';
import { useDisplayTimeZone } from '../../../shared/auth/use-selected-area.ts';
import type { ListFilterField } from '../../../shared/list-screen/list-filter-bar.tsx';
import { ListScreen } from '../../../shared/list-screen/list-screen.tsx';
import { useListScreen } from '../../../shared/list-screen/use-list-screen.ts';
import { messageListQuery, useMarkAllRead } from '../api/message-calls.ts';
import { MessageTitle } from '../components/message-title.tsx';
import { messageText } from '../message-text.ts';
import { MESSAGE_FILTERS, type MessageCenterRequest, messageCenterRequestOf } from '../message-url.ts';

/**
 * `/message-center` (spec §2; docs/decisions/0030): the caller's messages and announcements on the
 * list-screen kit, newest first — a tab per kind, filtered by read state and category; unread rows
 * bold with a dot; "Mark all as read". A system notice shows in the user's language; every text is
 * shown as text, never as HTML.
 */
export function MessageCenterPage() {
  const { t } = useTranslation('message');
  const zone = useDisplayTimeZone();
  const canOpen = usePermission('message-center:detail');
  const markAll = useMarkAllRead();
  const screen = useListScreen<MessageCenterRequest, MessageRow, never>({
    filters: MESSAGE_FILTERS,
    requestOf: messageCenterRequestOf,
    query: messageListQuery,
  });
  const kind = screen.request.kind;
  const title = t('center.title');

  const columns: TableColumnsType<MessageRow> = [
    {
      key: 'title',
      title: t('field.title'),
      render: (_, row) => {
        const text = messageText(t, row);
        return <MessageTitle id={row.id} title={text.title} read={row.read} canOpen={canOpen} />;
      },
    },
    {
      key: 'content',
      title: t('field.content'),
      render: (_, row) => (
        <Typography.Text type="secondary" ellipsis style={{ maxWidth: 340 }}>
          {messageText(t, row).content}
        </Typography.Text>
      ),
    },
    ...(kind === 'MESSAGE'
      ? [
          {
            key: 'category',
            title: t('field.category'),
            render: (_: unknown, row: MessageRow) => <Tag>{t(`category.${row.category}`)}</Tag>,
          },
        ]
      : []),
    {
      key: 'publishedAt',
      title: t('field.publishedAt'),
      render: (_, row) => (
        <time dateTime={row.publishedAt} style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(row.publishedAt, zone)}
        </time>
      ),
    },
  ];

  const fields: ListFilterField[] = [
    {
      kind: 'select',
      name: 'read',
      label: t('filter.read'),
      width: 140,
      options: READ_FILTERS.map((value) => ({ value, label: t(`read.${value}`) })),
    },
    ...(kind === 'MESSAGE'
      ? [
          {
            kind: 'select' as const,
            name: 'category',
            label: t('filter.category'),
            width: 200,
            options: MESSAGE_CATEGORIES.map((value) => ({ value, label: t(`category.${value}`) })),
          },
        ]
      : []),
  ];

  const markAllRead = () => {
    if (markAll.isPending) return;
    markAll.mutate(
      {},
      { onSuccess: ({ marked }) => notify.success(marked === 0 ? t('markAllRead.none') : t('markAllRead.done', { count: marked })) },
    );
  };

  return (
    <ListScreen<MessageCenterRequest, MessageRow, never>
      screen={screen}
      title={title}
      intro={
        <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
          {t('center.intro', { zone: `${zone}, ${utcOffsetLabel(zone)}` })}
        </Typography.Paragraph>
      }
      actions={
        <Can permission="message-center">
          <Button onClick={markAllRead} loading={markAll.isPending}>
            {t('markAllRead')}
          </Button>
        </Can>
      }
      tabs={{
        name: 'kind',
        label: t('center.kind'),
        options: MESSAGE_KINDS.map((value) => ({ value, label: t(`kind.${value}`) })).reverse(),
      }}
      filterBar={{ name: 'message-filters', label: t('filter.label'), fields }}
      columns={columns}
      card={{ title: 'title', extra: 'publishedAt' }}
      emptyText={screen.request.read === 'UNREAD' ? t('empty.unread') : t('empty')}
      label={t('center.label')}
    />
  );
}

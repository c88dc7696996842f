import { formatDateTime } from '@andes/contract/common/dates';
import type { MessageRow } from '@andes/contract/message/schemas';
import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../shared/auth/use-permissions.ts';
import { useDisplayTimeZone } from '../../../shared/auth/use-selected-area.ts';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { useMarkAnnouncementsRead, useUnreadAnnouncements } from '../api/message-calls.ts';

/**
 * The announcements after sign-in (spec §2; docs/decisions/0030): when the app starts for a user who
 * may open the message center, their unread announcements show in a dialog, each with "Mark as
 * read" — a read one never shows again. "Later" closes the dialog until the app loads again.
 */
export function AnnouncementsOnSignIn() {
  const allowed = usePermission('message-center');
  const user = useAppStore((s) => s.currentUser?.username ?? null);
  const query = useUnreadAnnouncements(allowed ? user : null);
  const [closed, setClosed] = useState(false);
  const list = query.data?.list ?? [];
  if (!allowed || closed || list.length === 0) return null;
  return <AnnouncementsDialog announcements={list} onClose={() => setClosed(true)} />;
}

export function AnnouncementsDialog({ announcements, onClose }: { announcements: readonly MessageRow[]; onClose(): void }) {
  const { t } = useTranslation('message');
  const zone = useDisplayTimeZone();
  const mark = useMarkAnnouncementsRead();
  const [failed, setFailed] = useState(false);
  const markRead = (id: number) => {
    if (mark.isPending) return;
    setFailed(false);
    mark.mutate([id], { onError: () => setFailed(true) });
  };
  return (
    <Modal
      open
      title={
        <Flex gap={8} align="baseline" wrap>
          <span>{t('announcements.title')}</span>
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            {t('announcements.unread', { count: announcements.length })}
          </Typography.Text>
        </Flex>
      }
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('announcements.later')}</Button>}
      width={640}
      destroyOnHidden
    >
      <Flex vertical gap={16} data-testid="announcements">
        {failed && <Alert type="error" showIcon title={t('announcements.failed')} />}
        {announcements.map((a) => (
          <section key={a.id} aria-label={a.title} style={{ borderBottom: '1px solid rgba(5, 5, 5, 0.06)', paddingBottom: 12 }}>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {a.title}
            </Typography.Title>
            <Typography.Text type="secondary">
              <time dateTime={a.publishedAt}>{formatDateTime(a.publishedAt, zone)}</time>
            </Typography.Text>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', marginTop: 8 }}>
              {a.content}
            </Typography.Paragraph>
            <Button size="small" onClick={() => markRead(a.id)} loading={mark.isPending && mark.variables?.[0] === a.id}>
              {t('announcements.markRead')}
            </Button>
          </section>
        ))}
      </Flex>
    </Modal>
  );
}

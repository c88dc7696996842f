import { formatDateTime } from '@andes/contract/common/dates';
import type { CaseReply } from '@andes/contract/support/schemas';
import { Button, Card, Empty, Flex, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { useCaseReplies } from '../api/support-calls.ts';
import { CaseFiles } from './case-files.tsx';
import { CaseStatusTag } from './case-status.tsx';

/** Text as the user or the provider typed it: shown as text (never as HTML), line breaks kept. */
export function PlainText({ children }: { children: string }) {
  return (
    <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', marginBottom: 0 }}>{children}</Typography.Paragraph>
  );
}

function ReplyItem({ caseId, reply, zone }: { caseId: number; reply: CaseReply; zone: string }) {
  const { t } = useTranslation('support');
  const { token } = theme.useToken();
  const provider = reply.side === 'PROVIDER';
  const change = reply.kind === 'CLOSE' || reply.kind === 'REOPEN' || reply.kind === 'STATUS';
  return (
    <li style={{ listStyle: 'none' }}>
      <article
        aria-label={t('thread.itemOf', { name: reply.authorName, kind: t(`thread.kind.${reply.kind}`) })}
        style={{
          borderInlineStart: `3px solid ${provider ? token.colorPrimary : token.colorBorder}`,
          background: provider ? token.colorPrimaryBg : token.colorFillQuaternary,
          borderRadius: token.borderRadius,
          padding: '8px 12px',
        }}
      >
        <Flex gap={8} align="center" wrap style={{ marginBottom: 4 }}>
          <Typography.Text strong>{reply.authorName}</Typography.Text>
          <Tag color={provider ? 'blue' : 'default'} style={{ marginInlineEnd: 0 }}>
            {provider ? t('thread.responder') : t('thread.asker')}
          </Tag>
          <Typography.Text type="secondary">
            {t(`thread.kind.${reply.kind}`)} · <time dateTime={reply.createdAt}>{formatDateTime(reply.createdAt, zone)}</time>
          </Typography.Text>
          {change && <CaseStatusTag status={reply.status} />}
        </Flex>
        <PlainText>{reply.content}</PlainText>
        {reply.appendices.length > 0 && (
          <div style={{ marginTop: 8 }}>
            <CaseFiles caseId={caseId} files={reply.appendices} />
          </div>
        )}
      </article>
    </li>
  );
}

/**
 * A case's thread, oldest first (spec §3 "replies: asker, responder and time"): each reply with
 * who wrote it — the asker (the merchant's user) or the responder (the provider's support team) —
 * when, its text as text and its attachments; changes of state (close, reopen, the provider's
 * status) with their instructions. Reloads while the page is open.
 */
export function CaseThread({ caseId, zone }: { caseId: number; zone: string }) {
  const { t } = useTranslation('support');
  const replies = useCaseReplies(caseId);
  const rows = replies.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <Card size="small" title={<span id="case-thread-title">{t('thread.title')}</span>}>
      <section aria-labelledby="case-thread-title">
        <QueryStatus query={replies} padding={8} />
        {replies.data && rows.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('thread.empty')} />}
        {rows.length > 0 && (
          <ol aria-label={t('thread.title')} style={{ margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 12 }}>
            {rows.map((reply) => (
              <ReplyItem key={reply.id} caseId={caseId} reply={reply} zone={zone} />
            ))}
          </ol>
        )}
        {replies.hasNextPage && (
          <Button style={{ marginTop: 12 }} loading={replies.isFetchingNextPage} onClick={() => void replies.fetchNextPage()}>
            {t('thread.loadMore')}
          </Button>
        )}
      </section>
    </Card>
  );
}

import { formatDateTime } from '@andes/contract/common/dates';
import { RecordId } from '@andes/contract/common/fields';
import type { MessageDetail } from '@andes/contract/message/schemas';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useDisplayTimeZone } from '../../../shared/auth/use-selected-area.ts';
import { NOT_FOUND_PATH } from '../../../shared/navigation/paths.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { useMessageDetail } from '../api/message-calls.ts';
import { appLinkOf, MESSAGE_CENTER_PATH } from '../message-paths.ts';
import { messageText } from '../message-text.ts';

/** `/message-detail/:id`: opening it marks the message read (the server does, on the call). */
export function MessageDetailPage() {
  const { t } = useTranslation('message');
  const { id: raw } = useParams();
  const parsed = RecordId.safeParse(Number(raw));
  const id = parsed.success && /^\d+$/.test(raw ?? '') ? parsed.data : null;
  const query = useMessageDetail(id);
  if (id === null) return <Navigate to={NOT_FOUND_PATH} replace />;
  const message = query.data;
  return (
    <>
      <PageHeader title={message ? messageText(t, message).title : t('detail.loading')} back={MESSAGE_CENTER_PATH} />
      <QueryStatus query={query} />
      {message && <MessageBody message={message} />}
    </>
  );
}

/**
 * The message: its kind or category, publish time and content as plain text with its line breaks
 * (never HTML), and the notice's link to the screen it is about.
 */
export function MessageBody({ message }: { message: MessageDetail }) {
  const { t } = useTranslation('message');
  const zone = useDisplayTimeZone();
  const text = messageText(t, message);
  const link = appLinkOf(message.link);
  const navigate = useNavigate();
  return (
    <Card>
      <Flex vertical gap={12}>
        <Flex gap={8} wrap align="center">
          <Tag>{message.kind === 'ANNOUNCEMENT' ? t('kind.ANNOUNCEMENT') : t(`category.${message.category}`)}</Tag>
          <Typography.Text type="secondary">
            {t('detail.published', { time: formatDateTime(message.publishedAt, zone, { withZone: true }) })}
          </Typography.Text>
        </Flex>
        <Typography.Paragraph data-testid="message-content" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', marginBottom: 0 }}>
          {text.content}
        </Typography.Paragraph>
        {link && (
          <div>
            <Button type="primary" onClick={() => navigate(link)}>
              {t(`link.${message.category}`)}
            </Button>
          </div>
        )}
      </Flex>
    </Card>
  );
}

import { MailOutlined } from '@ant-design/icons';
import { Badge, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../shared/auth/use-permissions.ts';
import { useUnreadMessageCount } from '../api/use-unread-message-count.ts';
import { formatCount } from '../chart-options.ts';

/** The caller's unread messages, for users who may open the message center (spec §2, §6). */
export function UnreadMessages() {
  const { t } = useTranslation('home');
  const allowed = usePermission('message-center');
  const query = useUnreadMessageCount(allowed);
  if (!allowed || !query.data) return null;
  const count = query.data.count;
  return (
    <Flex align="center" gap={8} role="status">
      <Badge count={count} overflowCount={99} size="small">
        <MailOutlined style={{ fontSize: 18 }} aria-hidden />
      </Badge>
      <Typography.Text>{t('messages.unread', { count: formatCount(count) })}</Typography.Text>
    </Flex>
  );
}

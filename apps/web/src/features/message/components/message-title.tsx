import { Badge, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { messageDetailPath } from '../message-paths.ts';

interface MessageTitleProps {
  id: number;
  title: string;
  read: boolean;
  /** The caller may open the message's page. */
  canOpen: boolean;
}

/** A message's title in a list: bold with a dot while unread (the dot is named for screen readers), a link to its page. */
export function MessageTitle({ id, title, read, canOpen }: MessageTitleProps) {
  const { t } = useTranslation('message');
  const text = (
    <Typography.Text strong={!read} data-unread={read ? undefined : 'true'}>
      {title}
    </Typography.Text>
  );
  return (
    <Flex align="center" gap={8}>
      {read ? (
        <span aria-hidden style={{ width: 6 }} />
      ) : (
        // A status dot carries no name of its own (aria-label on it is not allowed): the word is read instead.
        <span title={t('unread')}>
          <Badge status="processing" />
          <VisuallyHidden>{t('unread')}</VisuallyHidden>
        </span>
      )}
      {canOpen ? (
        <Link to={messageDetailPath(id)} aria-label={t('openOf', { title })}>
          {text}
        </Link>
      ) : (
        text
      )}
    </Flex>
  );
}

import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { HIDE_BACK_PARAM } from '../navigation/paths.ts';
import { useAppNavigate } from '../navigation/use-app-navigate.ts';

interface PageHeaderProps {
  title: ReactNode;
  /** Detail pages: show a back button, to this path or (true) to the previous page. */
  back?: true | string;
  /** Actions on the right. */
  extra?: ReactNode;
}

/**
 * Title row of a page. The back button of a detail page is hidden when the page was opened in a
 * new tab with `?hideBack=1` (spec §2): there is nothing to go back to.
 */
export function PageHeader({ title, back, extra }: PageHeaderProps) {
  const { t } = useTranslation('common');
  const navigate = useAppNavigate();
  const [params] = useSearchParams();
  const showBack = back !== undefined && params.get(HIDE_BACK_PARAM) !== '1';
  return (
    <Flex component="header" align="center" justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
      <Flex align="center" gap={8}>
        {showBack && (
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={t('back')}
            onClick={() => {
              navigate(back === true ? -1 : back);
            }}
          />
        )}
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      </Flex>
      {extra && <Flex gap={8}>{extra}</Flex>}
    </Flex>
  );
}

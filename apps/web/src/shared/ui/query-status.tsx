import { Alert, Button, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/errors.ts';

interface QueryStatusProps {
  /** The query of the record a drawer or card shows. */
  query: { isError: boolean; isPending: boolean; error: unknown };
  /** Space around the spinner. */
  padding?: number;
  /** Offers "Retry" on the failure (a list, a count the user waits for). */
  onRetry?(): void;
}

/**
 * Where a record is loading: its failure as an alert, or a spinner while it loads; nothing once
 * it is there (the caller shows the record).
 */
export function QueryStatus({ query, padding = 32, onRetry }: QueryStatusProps) {
  const { t } = useTranslation('common');
  return (
    <>
      {query.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={errorMessage(query.error)}
          {...(onRetry
            ? {
                action: (
                  <Button size="small" onClick={onRetry}>
                    {t('retry')}
                  </Button>
                ),
              }
            : {})}
        />
      )}
      {query.isPending && (
        <Flex justify="center" style={{ padding }}>
          <Spin />
        </Flex>
      )}
    </>
  );
}

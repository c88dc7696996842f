import { Alert, Flex, Spin } from 'antd';
import { errorMessage } from '../api/errors.ts';

interface QueryStatusProps {
  /** The query of the record a drawer or card shows. */
  query: { isError: boolean; isPending: boolean; error: unknown };
  /** Space around the spinner. */
  padding?: number;
}

/**
 * Where a record is loading: its failure as an alert, or a spinner while it loads; nothing once
 * it is there (the caller shows the record).
 */
export function QueryStatus({ query, padding = 32 }: QueryStatusProps) {
  return (
    <>
      {query.isError && <Alert type="error" showIcon role="alert" title={errorMessage(query.error)} />}
      {query.isPending && (
        <Flex justify="center" style={{ padding }}>
          <Spin />
        </Flex>
      )}
    </>
  );
}

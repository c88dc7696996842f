import type { GlobalStatementLine } from '@andes/contract/global/schemas';
import { Card, Descriptions, Empty, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StatementField } from './statement-columns.tsx';

/** Fields shown in a card's head rather than in its list. */
const HEAD_FIELDS = new Set(['businessType', 'amount', 'time']);

/**
 * The statement on mobile: one card per line, with the business type and time in its title and
 * the amount on the right; `zoneNote` says which zone the times are in.
 */
export function StatementCards({
  lines,
  fields,
  loading,
  zoneNote,
}: {
  lines: readonly GlobalStatementLine[];
  fields: readonly StatementField[];
  loading: boolean;
  zoneNote: string;
}) {
  const { t } = useTranslation('common');
  const field = (key: string) => fields.find((f) => f.key === key);
  const [type, amount, time] = [field('businessType'), field('amount'), field('time')];
  const rest = fields.filter((f) => !HEAD_FIELDS.has(f.key));
  return (
    <Spin spinning={loading}>
      <Typography.Paragraph type="secondary">{zoneNote}</Typography.Paragraph>
      {lines.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
      ) : (
        <Flex component="ul" vertical gap={12} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {lines.map((line) => (
            <li key={line.id}>
              <Card
                size="small"
                title={
                  <Flex gap={8} align="center" wrap>
                    {type?.render(line)}
                    <Typography.Text type="secondary" style={{ fontWeight: 'normal', fontSize: 12 }}>
                      {time?.render(line)}
                    </Typography.Text>
                  </Flex>
                }
                extra={amount?.render(line)}
              >
                <Descriptions size="small" column={1} items={rest.map((f) => ({ key: f.key, label: f.title, children: f.render(line) }))} />
              </Card>
            </li>
          ))}
        </Flex>
      )}
    </Spin>
  );
}

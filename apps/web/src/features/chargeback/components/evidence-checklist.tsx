import type { ChargebackReasonCode, EvidenceItem } from '@andes/contract/risk/enums';
import { FileSearchOutlined } from '@ant-design/icons';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The evidence that wins this reason code, the most decisive first, each with what it means. */
export function EvidenceChecklist({ reasonCode, items }: { reasonCode: ChargebackReasonCode; items: readonly EvidenceItem[] }) {
  const { t } = useTranslation('chargeback');
  return (
    <Card size="small">
      <section aria-labelledby="evidence-title">
        <Typography.Title level={5} id="evidence-title" style={{ marginTop: 0 }}>
          <FileSearchOutlined aria-hidden /> {t('evidence.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('evidence.intro', { reason: t(`reasonCode.${reasonCode}`) })}</Typography.Paragraph>
        <ol style={{ margin: 0, paddingInlineStart: 20 }} aria-label={t('evidence.title')}>
          {items.map((item) => (
            <li key={item} style={{ marginBottom: 8 }}>
              <Flex vertical>
                <Typography.Text strong>{t(`evidence.${item}`)}</Typography.Text>
                <Typography.Text type="secondary">{t(`evidence.${item}.hint`)}</Typography.Text>
              </Flex>
            </li>
          ))}
        </ol>
      </section>
    </Card>
  );
}

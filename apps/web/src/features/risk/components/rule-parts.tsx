import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { durationLabel } from '../rule-format.ts';

/** Values shown as chips before "+n more". */
const CHIPS_SHOWN = 3;

/** A list rule's values as chips (the first few, then how many more). */
export function ValueChips({ values }: { values: readonly string[] }) {
  const { t } = useTranslation('risk');
  if (values.length === 0) return <>{EMPTY_PLACEHOLDER}</>;
  const shown = values.slice(0, CHIPS_SHOWN);
  return (
    <Flex gap={4} wrap component="ul" style={{ listStyle: 'none', margin: 0, padding: 0, maxWidth: 300 }}>
      {shown.map((value) => (
        <li key={value}>
          <Tag style={{ marginInlineEnd: 0, fontFamily: 'monospace' }}>{value}</Tag>
        </li>
      ))}
      {values.length > shown.length && (
        <li>
          <Typography.Text type="secondary">{t('rule.moreValues', { count: values.length - shown.length })}</Typography.Text>
        </li>
      )}
    </Flex>
  );
}

/** A duration in human units ("1 h", "90 d"). */
export function Duration({ seconds }: { seconds: number | null }) {
  const { t } = useTranslation('risk');
  if (seconds === null) return <>{EMPTY_PLACEHOLDER}</>;
  const { key, count } = durationLabel(seconds);
  return <span style={{ whiteSpace: 'nowrap' }}>{t(key, { count })}</span>;
}

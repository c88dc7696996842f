import { LeftOutlined, RightOutlined, VerticalRightOutlined } from '@ant-design/icons';
import { Button, Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/use-language.ts';
import { LIST_PAGE_SIZES, type ListPageSize } from '../list/keyset.ts';

/** The total as shown: grouped digits, and `+` when the server capped the count ("10,000+"). */
export function formatTotal(total: number, capped: boolean, language: string): string {
  return `${new Intl.NumberFormat(language === 'zh-CN' ? 'zh-CN' : 'en-US').format(total)}${capped ? '+' : ''}`;
}

interface KeysetPagerProps {
  /** Null while the first page of a new filter loads: no total is shown rather than a wrong one. */
  total: number | null;
  totalCapped: boolean;
  /** 1-based page shown. */
  page: number;
  pageSize: number;
  /** The server answered a next cursor. */
  hasNext: boolean;
  onFirst(): void;
  onPrevious(): void;
  onNext(): void;
  onPageSize(size: ListPageSize): void;
  disabled?: boolean;
}

/**
 * The pager of a keyset list: total (capped totals show "10,000+"; none while it is not known yet), first / previous / next and
 * the page size. There is no "jump to page N": the server pages by cursor.
 */
export function KeysetPager({
  total,
  totalCapped,
  page,
  pageSize,
  hasNext,
  onFirst,
  onPrevious,
  onNext,
  onPageSize,
  disabled = false,
}: KeysetPagerProps) {
  const { t } = useTranslation('common');
  const [language] = useLanguage();
  return (
    <Flex component="nav" aria-label={t('pager.label')} align="center" justify="flex-end" gap={8} wrap style={{ marginTop: 16 }}>
      {total !== null && (
        <Typography.Text type="secondary">{t('pager.total', { total: formatTotal(total, totalCapped, language) })}</Typography.Text>
      )}
      <Button
        size="small"
        icon={<VerticalRightOutlined />}
        aria-label={t('pager.first')}
        disabled={disabled || page <= 1}
        onClick={onFirst}
      />
      <Button size="small" icon={<LeftOutlined />} aria-label={t('pager.previous')} disabled={disabled || page <= 1} onClick={onPrevious} />
      <Typography.Text aria-live="polite">{t('pager.page', { page })}</Typography.Text>
      <Button size="small" icon={<RightOutlined />} aria-label={t('pager.next')} disabled={disabled || !hasNext} onClick={onNext} />
      <Select<ListPageSize>
        size="small"
        aria-label={t('pager.pageSizeLabel')}
        value={(LIST_PAGE_SIZES as readonly number[]).includes(pageSize) ? (pageSize as ListPageSize) : undefined}
        onChange={(size) => onPageSize(size)}
        disabled={disabled}
        options={LIST_PAGE_SIZES.map((size) => ({ value: size, label: t('pager.pageSize', { size }) }))}
        style={{ width: 110 }}
      />
    </Flex>
  );
}

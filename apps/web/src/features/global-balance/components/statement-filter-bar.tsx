import { COUNTRIES } from '@andes/contract/common/countries';
import { GLOBAL_BALANCE_BUSINESS_TYPES } from '@andes/contract/common/enums';
import { Form, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile.ts';
import { FilterActions } from '../../../shared/ui/filter-actions.tsx';
import { FilterForm } from '../../../shared/ui/filter-form.tsx';
import { ZonedDateRangePicker } from '../../../shared/ui/zoned-date-range-picker.tsx';
import { type StatementFilters, statementFiltersOf } from '../statement-url.ts';

/** The date range as a form field (Form.Item passes value and onChange). */
function RangeField({
  value,
  onChange,
  timeZone,
  label,
}: {
  value?: StatementFilters['range'];
  onChange?: (range: StatementFilters['range']) => void;
  timeZone: string;
  label: string;
}) {
  if (!value) return null;
  return <ZonedDateRangePicker timeZone={timeZone} value={value} onChange={(range) => onChange?.(range)} label={label} />;
}

/** Business type, target country and dates of the statement; Search writes them into the URL. */
export function StatementFilterBar({
  filters,
  timeZone,
  onSearch,
}: {
  filters: StatementFilters;
  timeZone: string;
  onSearch(filters: StatementFilters): void;
}) {
  const { t } = useTranslation('globalBalance');
  const { t: tc } = useTranslation('common');
  const [form] = Form.useForm<StatementFilters>();
  useEffect(() => {
    form.setFieldsValue(filters);
  }, [form, filters]);
  const mobile = useIsMobile();
  const datesLabel = t('dates', { zone: timeZone });
  return (
    <FilterForm<StatementFilters>
      form={form}
      name="global-statement-filters"
      onFinish={onSearch}
      initialValues={filters}
      label={t('filters')}
    >
      <Form.Item name="businessType" label={t('businessType')}>
        <Select
          allowClear
          placeholder={tc('all')}
          style={{ width: 150 }}
          options={GLOBAL_BALANCE_BUSINESS_TYPES.map((type) => ({ value: type, label: t(`businessTypeName.${type}`) }))}
        />
      </Form.Item>
      <Form.Item name="targetCountry" label={t('targetCountry')}>
        <Select
          allowClear
          placeholder={tc('all')}
          style={{ width: 160 }}
          options={COUNTRIES.map((country) => ({ value: country, label: tc(`countryName.${country}`) }))}
        />
      </Form.Item>
      {/* On a phone the picker alone fills the row: its name is on the picker itself. */}
      <Form.Item name="range" label={mobile ? undefined : datesLabel}>
        <RangeField timeZone={timeZone} label={datesLabel} />
      </Form.Item>
      <FilterActions clearFields={false} onReset={() => onSearch(statementFiltersOf(new URLSearchParams(), timeZone))} />
    </FilterForm>
  );
}

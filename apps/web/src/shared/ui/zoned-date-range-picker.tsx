import { type DateRange, pickerBounds } from '@andes/contract/common/dates';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isPickerDateDisabled } from './date-range-rules.ts';

const DATE_FORMAT = 'YYYY-MM-DD';

interface ZonedDateRangePickerProps {
  /** IANA zone of the merchant's area: "today" is today there. */
  timeZone: string;
  value: DateRange;
  onChange(range: DateRange): void;
  /** Accessible name of the picker. */
  label: string;
  /** The current time (tests); defaults to now. */
  now?: Date | number;
}

/**
 * A date-range picker with the search rules of spec §5 in the merchant's time zone: dates after
 * today there and before five months back are disabled, and the second date may not precede the
 * first. Dates are calendar dates (`YYYY-MM-DD`); the server turns them into instants in the zone.
 */
export function ZonedDateRangePicker({ timeZone, value, onChange, label, now }: ZonedDateRangePickerProps) {
  const { t } = useTranslation('common');
  const bounds = useMemo(() => pickerBounds(timeZone, now ?? Date.now()), [timeZone, now]);
  return (
    <DatePicker.RangePicker
      aria-label={label}
      allowClear={false}
      format={DATE_FORMAT}
      value={[dayjs(value.from), dayjs(value.to)]}
      placeholder={[t('dateFrom'), t('dateTo')]}
      disabledDate={(current: Dayjs, info) =>
        isPickerDateDisabled(current.format(DATE_FORMAT), bounds, info.from ? info.from.format(DATE_FORMAT) : undefined)
      }
      onChange={(dates) => {
        const [from, to] = dates ?? [];
        if (from && to) onChange({ from: from.format(DATE_FORMAT), to: to.format(DATE_FORMAT) });
      }}
    />
  );
}

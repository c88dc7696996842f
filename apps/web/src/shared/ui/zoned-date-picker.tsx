import type { CalendarDate, DateBounds } from '@andes/contract/common/dates';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { isPickerDateDisabled } from './date-range-rules.ts';

const DATE_FORMAT = 'YYYY-MM-DD';

interface ZonedDatePickerProps {
  value: CalendarDate;
  onChange(date: CalendarDate): void;
  /** The dates that may be picked, computed in the merchant's zone (`pickerBounds`, or narrower). */
  bounds: DateBounds;
  /** Accessible name of the picker. */
  label: string;
}

/**
 * A single calendar date (`YYYY-MM-DD`) within bounds computed in the merchant's time zone: dates
 * outside them are disabled. The counterpart of `ZonedDateRangePicker` for one day.
 */
export function ZonedDatePicker({ value, onChange, bounds, label }: ZonedDatePickerProps) {
  return (
    <DatePicker
      aria-label={label}
      allowClear={false}
      format={DATE_FORMAT}
      value={dayjs(value)}
      disabledDate={(current: Dayjs) => isPickerDateDisabled(current.format(DATE_FORMAT), bounds)}
      onChange={(date) => {
        if (date) onChange(date.format(DATE_FORMAT));
      }}
    />
  );
}

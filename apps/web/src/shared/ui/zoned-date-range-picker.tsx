import type { DateRange } from '@andes/contract/common/dates';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isPickerDateDisabled, type RangeLimits, rangeBounds } from './date-range-rules.ts';

const DATE_FORMAT = 'YYYY-MM-DD';

interface PickerBase extends RangeLimits {
  /** IANA zone of the merchant's area: "today" is today there. */
  timeZone: string;
  /** Accessible name of the picker. */
  label: string;
  /** The current time (tests); defaults to now. */
  now?: Date | number;
  /** Width of the picker (CSS). */
  width?: number | string;
  /** Id of the start input (a form item's label points at it). */
  id?: string;
}

/** A range always in force (the lists whose dates default to the last week). */
interface RequiredRangeProps extends PickerBase {
  clearable?: false;
  value: DateRange;
  onChange(range: DateRange): void;
}

/** A range that may be cleared: no range means "any date" (an optional filter). */
interface ClearableRangeProps extends PickerBase {
  clearable: true;
  value: DateRange | undefined;
  onChange(range: DateRange | undefined): void;
}

type ZonedDateRangePickerProps = RequiredRangeProps | ClearableRangeProps;

/**
 * A date-range picker with the search rules of spec §5 in the merchant's time zone: dates after
 * today there and before five months back (or `monthsBack`) are disabled, and the second date may
 * not precede the first (or, with `maxSpanDays`, lie further than the span from it). Dates are
 * calendar dates (`YYYY-MM-DD`); the server turns them into instants in the zone. With `clearable`
 * the range may be removed (an optional filter).
 */
export function ZonedDateRangePicker(props: ZonedDateRangePickerProps) {
  const { timeZone, value, label, now, width, id, monthsBack, maxSpanDays } = props;
  const { t } = useTranslation('common');
  const bounds = useMemo(() => rangeBounds(timeZone, now ?? Date.now(), { monthsBack }), [timeZone, now, monthsBack]);
  return (
    <DatePicker.RangePicker
      aria-label={label}
      allowClear={props.clearable === true}
      format={DATE_FORMAT}
      value={value ? [dayjs(value.from), dayjs(value.to)] : null}
      placeholder={[t('dateFrom'), t('dateTo')]}
      {...(width === undefined ? {} : { style: { width } })}
      {...(id === undefined ? {} : { id })}
      disabledDate={(current: Dayjs, info) =>
        isPickerDateDisabled(current.format(DATE_FORMAT), bounds, info.from ? info.from.format(DATE_FORMAT) : undefined, maxSpanDays)
      }
      onChange={(dates) => {
        const [from, to] = dates ?? [];
        if (from && to) props.onChange({ from: from.format(DATE_FORMAT), to: to.format(DATE_FORMAT) });
        else if (props.clearable) props.onChange(undefined);
      }}
    />
  );
}

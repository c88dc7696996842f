import { utcOffsetLabel } from '@andes/contract/common/countries';
import { formatDateTime, toEpochMs } from '@andes/contract/common/dates';

/**
 * The wall-clock time of an instant in a zone and the zone's offset at that instant, for lines
 * like "as of 14:05 UTC-3" (CONVENTIONS §5: times say which zone they are in).
 */
export function zonedClock(instant: Date | number | string, timeZone: string): { time: string; zone: string } {
  const ms = toEpochMs(instant);
  return { time: formatDateTime(ms, timeZone).slice(11, 16), zone: utcOffsetLabel(timeZone, new Date(ms)) };
}

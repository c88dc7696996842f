import { utcOffsetLabel } from '@andes/contract/common/countries';
import type { DateRange } from '@andes/contract/common/dates';

/** A zone as the finance screens name it: `America/Sao_Paulo (UTC-3)`. */
export function zoneLabel(timeZone: string, at: Date = new Date()): string {
  return `${timeZone} (${utcOffsetLabel(timeZone, at)})`;
}

/** A period of local dates: `2026-01-08 – 2026-01-15`, or one date. */
export function periodLabel(range: DateRange): string {
  return range.from === range.to ? range.from : `${range.from} – ${range.to}`;
}

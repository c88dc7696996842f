/** A minimum and a maximum as typed (text, so that "12." stays while it is typed). */
export interface NumericRange {
  min: string;
  max: string;
}

/** Keeps digits and the first decimal point: what a plain number input accepts. */
export function normalizeNumber(text: string): string {
  const kept = text.replace(/[^0-9.]/g, '');
  const dot = kept.indexOf('.');
  return dot < 0 ? kept : `${kept.slice(0, dot + 1)}${kept.slice(dot + 1).replace(/\./g, '')}`;
}

/** True when both ends are numbers and the minimum is more than the maximum (spec §5's min-to-max rule). */
export function isReversed(range: NumericRange): boolean {
  if (range.min.trim() === '' || range.max.trim() === '') return false;
  const min = Number(range.min);
  const max = Number(range.max);
  return Number.isFinite(min) && Number.isFinite(max) && min > max;
}

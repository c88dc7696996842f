import { durationParts } from './rule-form.ts';

/**
 * How rule figures read (pure; the components translate the keys): a duration in its largest whole
 * unit. What a fired rule measured is `measureOf` of shared/ui/risk-decision.tsx.
 */

/** A duration as a translation key of the `risk` namespace and its count: 3,600 → `duration.HOURS`, 1. */
export function durationLabel(seconds: number): { key: `duration.${'SECONDS' | 'MINUTES' | 'HOURS' | 'DAYS'}`; count: number } {
  const { value, unit } = durationParts(seconds);
  return { key: `duration.${unit}`, count: value };
}

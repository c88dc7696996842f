import { Radio } from 'antd';
import type { ReactNode } from 'react';

export interface RadioTab<V extends string> {
  value: V;
  label: ReactNode;
}

interface RadioTabsProps<V extends string> {
  /** Accessible name of the group, like "State". */
  label: string;
  options: readonly RadioTab<V>[];
  value: V;
  onChange(value: V): void;
}

/**
 * Radio tabs (spec §2 reusable pieces): a row of mutually exclusive choices that applies at once,
 * like a segmented state filter. Native radio buttons in a named radio group: Tab reaches the
 * group, the arrow keys move between choices, and the choice applies as it moves.
 */
export function RadioTabs<V extends string>({ label, options, value, onChange }: RadioTabsProps<V>) {
  return (
    <Radio.Group
      aria-label={label}
      optionType="button"
      buttonStyle="solid"
      value={value}
      onChange={(event) => onChange(event.target.value as V)}
      style={{ display: 'flex', flexWrap: 'wrap', rowGap: 8 }}
    >
      {options.map((option) => (
        <Radio.Button key={option.value} value={option.value}>
          {option.label}
        </Radio.Button>
      ))}
    </Radio.Group>
  );
}

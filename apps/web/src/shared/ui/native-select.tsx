import './shell.css';

export interface NativeSelectOption<V extends string> {
  value: V;
  label: string;
  title?: string;
}

interface NativeSelectProps<V extends string> {
  label: string;
  value: V | undefined;
  options: readonly NativeSelectOption<V>[];
  onChange(value: V): void;
  block?: boolean;
}

/**
 * A small select built on the browser's own control: light enough for the login page, and the
 * platform's picker on phones.
 */
export function NativeSelect<V extends string>({ label, value, options, onChange, block = false }: NativeSelectProps<V>) {
  return (
    <select
      aria-label={label}
      className={block ? 'andes-select andes-select--block' : 'andes-select'}
      value={value ?? ''}
      onChange={(event) => {
        const chosen = options.find((option) => option.value === event.target.value);
        if (chosen) onChange(chosen.value);
      }}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value} title={option.title}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

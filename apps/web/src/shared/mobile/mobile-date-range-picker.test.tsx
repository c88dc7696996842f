import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { DraftOf } from '../search/fields.ts';
import { MobileDateRangePicker } from './mobile-date-range-picker.tsx';

const ctx = { timeZone: 'America/Mexico_City', now: Date.parse('2026-01-15T18:00:00Z') };

function renderPicker(initial: DraftOf['daterange'], spanDays?: number) {
  const onChange = vi.fn();
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <MobileDateRangePicker
        value={value}
        ctx={ctx}
        label="Created"
        {...(spanDays === undefined ? {} : { rules: { spanDays } })}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
    );
  }
  render(<Harness />);
  return { onChange };
}

const start = () => screen.getByLabelText('Created Start date') as HTMLInputElement;
const end = () => screen.getByLabelText('Created End date') as HTMLInputElement;

describe('MobileDateRangePicker', () => {
  it('offers five months back to today in the merchant zone, the end from the start', () => {
    renderPicker({ from: '2026-01-05', to: undefined });
    expect([start().min, start().max]).toEqual(['2025-08-15', '2026-01-15']);
    expect([end().min, end().max]).toEqual(['2026-01-05', '2026-01-15']);
  });

  it('limits the end to the span and clears an end the new start leaves outside it', () => {
    const { onChange } = renderPicker({ from: '2026-01-01', to: '2026-01-10' }, 7);
    expect([end().min, end().max]).toEqual(['2026-01-01', '2026-01-08']);
    fireEvent.change(start(), { target: { value: '2026-01-12' } });
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-01-12', to: undefined });
    fireEvent.change(end(), { target: { value: '2026-01-14' } });
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-01-12', to: '2026-01-14' });
  });
});

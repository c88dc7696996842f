import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ZonedDateRangePicker } from './zoned-date-range-picker.tsx';

describe('ZonedDateRangePicker', () => {
  it('shows the range as calendar dates', () => {
    render(
      <ZonedDateRangePicker
        timeZone="America/Mexico_City"
        value={{ from: '2026-01-08', to: '2026-01-15' }}
        onChange={vi.fn()}
        label="Dates"
        now={Date.parse('2026-01-15T18:00:00Z')}
      />,
    );
    expect((screen.getByPlaceholderText('Start date') as HTMLInputElement).value).toBe('2026-01-08');
    expect((screen.getByPlaceholderText('End date') as HTMLInputElement).value).toBe('2026-01-15');
  });
});

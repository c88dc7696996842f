import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusTag } from './status-tag.tsx';

describe('StatusTag', () => {
  it('takes the colour of a status from the contract', () => {
    render(
      <>
        <StatusTag set="transaction" status="SETTLED">
          Settled
        </StatusTag>
        <StatusTag set="transaction" status="FAILED">
          Failed
        </StatusTag>
        <StatusTag set="transaction" status="SOMETHING_NEW">
          New
        </StatusTag>
        <StatusTag color="warning">Denied</StatusTag>
      </>,
    );
    expect(screen.getByText('Settled').closest('[data-status-color]')?.getAttribute('data-status-color')).toBe('success');
    expect(screen.getByText('Failed').closest('[data-status-color]')?.getAttribute('data-status-color')).toBe('error');
    expect(screen.getByText('New').closest('[data-status-color]')?.getAttribute('data-status-color')).toBe('default');
    expect(screen.getByText('Denied').closest('[data-status-color]')?.getAttribute('data-status-color')).toBe('warning');
  });
});

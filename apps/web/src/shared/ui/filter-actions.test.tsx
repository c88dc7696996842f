import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { FilterActions } from './filter-actions.tsx';

function renderFilterForm(clearFields?: boolean) {
  const onSearch = vi.fn();
  const onReset = vi.fn();
  render(
    <Form name="filters" layout="inline" onFinish={onSearch} initialValues={{ name: '' }}>
      <Form.Item name="name" label="Name">
        <Input />
      </Form.Item>
      <FilterActions onReset={onReset} {...(clearFields === undefined ? {} : { clearFields })} />
    </Form>,
  );
  return { onSearch, onReset, field: nameField() };
}

// antd remounts a field when it is reset: look the input up again after Reset.
function nameField() {
  return screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
}

describe('FilterActions', () => {
  it('submits the filter form on Search', async () => {
    const { onSearch, onReset, field } = renderFilterForm();
    const user = userEvent.setup();
    await user.type(field, 'ops');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(onSearch).toHaveBeenCalledWith({ name: 'ops' }));
    expect(onReset).not.toHaveBeenCalled();
  });

  it('clears the fields and calls onReset on Reset', async () => {
    const { onSearch, onReset, field } = renderFilterForm();
    const user = userEvent.setup();
    await user.type(field, 'ops');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(onReset).toHaveBeenCalledOnce();
    expect(nameField().value).toBe('');
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('leaves the fields to onReset when clearFields is off', async () => {
    const { onReset, field } = renderFilterForm(false);
    const user = userEvent.setup();
    await user.type(field, 'ops');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(onReset).toHaveBeenCalledOnce();
    expect(nameField().value).toBe('ops');
  });
});

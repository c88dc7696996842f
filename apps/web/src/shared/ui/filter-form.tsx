import { Form, type FormProps } from 'antd';
import type { ReactNode } from 'react';

interface FilterFormProps<T> extends Omit<FormProps<T>, 'layout' | 'style' | 'aria-label' | 'children'> {
  /** Accessible name of the search form, like "Search users". */
  label: string;
  children: ReactNode;
}

/**
 * The inline filter form above a list: one row of fields that wraps on narrow screens, named for
 * assistive technology, ending with `FilterActions`.
 */
export function FilterForm<T>({ label, children, ...props }: FilterFormProps<T>) {
  return (
    <Form<T> {...props} layout="inline" style={{ rowGap: 12, marginBottom: 16 }} aria-label={label}>
      {children}
    </Form>
  );
}

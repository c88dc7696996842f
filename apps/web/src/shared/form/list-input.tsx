import { LIST_INPUT_ENTRY_MAX } from '@andes/contract/common/constants';
import { MinusCircleOutlined, PlusCircleOutlined } from '@ant-design/icons';
import { Button, Flex, Input, type InputRef, Typography } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addRow, isTooLong, removeRow, rowsOf, setRow } from './list-entries.ts';

export interface ListInputProps {
  /** What the entries are, like "E-mail address": names each row ("E-mail address 2") and its buttons. */
  label: string;
  /** The entries (a Form.Item passes them); none shows one empty row. */
  value?: readonly string[];
  onChange?(value: string[]): void;
  /** Longest entry (default LIST_INPUT_ENTRY_MAX, 128). */
  maxLength?: number;
  placeholder?: string;
  disabled?: boolean;
}

/**
 * A list input (spec §2, §5): one text row per entry, at most `maxLength` characters each. One row
 * is always kept; "add" sits on the last row only and "remove" shows only while there is more
 * than one row. Every row and button is named after `label` and its row number, and focus
 * follows an added or removed row.
 */
export function ListInput({ label, value, onChange, maxLength = LIST_INPUT_ENTRY_MAX, placeholder, disabled = false }: ListInputProps) {
  const { t } = useTranslation('common');
  const rows = rowsOf(value);
  const inputs = useRef<(InputRef | null)[]>([]);
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const errorId = useId();

  useEffect(() => {
    if (focusRow === null) return;
    inputs.current[focusRow]?.focus();
    setFocusRow(null);
  }, [focusRow]);

  const change = (next: string[], focus: number | null = null) => {
    onChange?.(next);
    if (focus !== null) setFocusRow(focus);
  };

  return (
    <Flex vertical gap={8} role="group" aria-label={label}>
      {rows.map((entry, index) => {
        const row = index + 1;
        const tooLong = isTooLong(entry, maxLength);
        const last = index === rows.length - 1;
        return (
          // Rows have no identity but their place: the list changes only at its end or by removal.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Flex key={index} vertical gap={2}>
            <Flex gap={8} align="center">
              <Input
                ref={(element) => {
                  inputs.current[index] = element;
                }}
                value={entry}
                maxLength={maxLength}
                placeholder={placeholder}
                disabled={disabled}
                status={tooLong ? 'error' : undefined}
                aria-label={t('listInput.entry', { label, row })}
                aria-invalid={tooLong || undefined}
                aria-describedby={tooLong ? `${errorId}-${row}` : undefined}
                onChange={(event) => change(setRow(rows, index, event.target.value))}
              />
              {rows.length > 1 && (
                <Button
                  type="text"
                  icon={<MinusCircleOutlined aria-hidden />}
                  aria-label={t('listInput.remove', { label, row })}
                  disabled={disabled}
                  onClick={() => change(removeRow(rows, index), Math.min(index, rows.length - 2))}
                />
              )}
              {last && (
                <Button
                  type="text"
                  icon={<PlusCircleOutlined aria-hidden />}
                  aria-label={t('listInput.add', { label })}
                  disabled={disabled}
                  onClick={() => change(addRow(rows), rows.length)}
                />
              )}
            </Flex>
            {tooLong && (
              <Typography.Text type="danger" id={`${errorId}-${row}`}>
                {t('listInput.tooLong', { max: maxLength })}
              </Typography.Text>
            )}
          </Flex>
        );
      })}
    </Flex>
  );
}

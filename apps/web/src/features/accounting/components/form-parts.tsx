import { type AccountingRequestDetail, REMARK_MAX_LENGTH } from '@andes/contract/accounting/schemas';
import type { AreaAuthority, Currency } from '@andes/contract/common/countries';
import { formatDateTime, todayIn } from '@andes/contract/common/dates';
import { CURRENCY_SYMBOLS, formatCents } from '@andes/contract/common/money';
import { normalizeAmountInput } from '@andes/contract/common/validators';
import { Alert, Button, DatePicker, Drawer, Flex, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { amountProblem } from '../../../shared/form/amount-input.ts';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile.ts';

/** A create drawer: full width on a phone, its form mounted only while open (a new request id each opening). */
/** What the page gives a create drawer. */
export interface CreateDrawerProps {
  open: boolean;
  area: AreaAuthority;
  onClose(): void;
  onCreated(request: AccountingRequestDetail): void;
}

/** What a create drawer gives its form. */
export interface CreateFormProps {
  area: AreaAuthority;
  onCancel(): void;
  onCreated(request: AccountingRequestDetail): void;
}

export function CreateDrawer({ open, title, onClose, children }: { open: boolean; title: string; onClose(): void; children: ReactNode }) {
  const mobile = useIsMobile();
  return (
    <Drawer open={open} onClose={onClose} title={title} size={mobile ? '100%' : 600} destroyOnHidden>
      {open && children}
    </Drawer>
  );
}

export interface AmountLimits {
  currency: Currency;
  minCents: number;
  maxCents: number;
}

/**
 * The amount field of spec §5: normalised as typed (full-width period to dot, digits and one dot,
 * two decimals), checked against the limits when known; the call sends cents.
 */
export function AmountField({
  currency,
  limits,
  name = 'amount',
  label,
}: {
  currency: Currency;
  limits: AmountLimits | null;
  name?: string;
  label?: string;
}) {
  const { t } = useTranslation('accounting');
  const range =
    limits &&
    t('form.amountRange', {
      min: formatCents(limits.minCents, limits.currency, { symbol: false }),
      max: formatCents(limits.maxCents, limits.currency, { symbol: false }),
      currency: limits.currency,
    });
  return (
    <Form.Item
      name={name}
      label={label ?? t('form.amountIn', { currency })}
      required
      normalize={(value: string | undefined) => normalizeAmountInput(value ?? '')}
      extra={range}
      validateTrigger="onBlur"
      rules={[
        {
          validator: async (_, value: string | undefined) => {
            const problem = amountProblem(value, limits);
            if (problem === 'required') throw new Error(t('form.amountRequired'));
            if (problem === 'invalid') throw new Error(t('form.amountInvalid'));
            if (problem === 'range' && range) throw new Error(range);
          },
        },
      ]}
    >
      <Input inputMode="decimal" autoComplete="off" prefix={CURRENCY_SYMBOLS[currency]} style={{ maxWidth: 280 }} />
    </Form.Item>
  );
}

const WALL_CLOCK = 'YYYY-MM-DD HH:mm';

/** The current wall-clock time in a zone, as the picker's value (its digits are the zone's). */
export function wallClockNow(timeZone: string, now: Date | number = Date.now()): Dayjs {
  return dayjs(formatDateTime(now, timeZone).slice(0, 16), WALL_CLOCK);
}

/** When the money was wired: a date and time in the merchant's zone, not after today. */
export function TransferTimeField({ zone }: { zone: string }) {
  const { t } = useTranslation('accounting');
  const today = todayIn(zone);
  return (
    <Form.Item
      name="transferTime"
      label={t('form.transferTimeIn', { zone })}
      required
      rules={[{ required: true, message: t('form.transferTimeRequired') }]}
    >
      <DatePicker
        showTime={{ format: 'HH:mm' }}
        format={WALL_CLOCK}
        allowClear={false}
        disabledDate={(current: Dayjs) => current.format('YYYY-MM-DD') > today}
        style={{ maxWidth: 280, width: '100%' }}
      />
    </Form.Item>
  );
}

export function RemarkField() {
  const { t } = useTranslation('accounting');
  return (
    <Form.Item name="remark" label={t('field.remark')}>
      <Input.TextArea maxLength={REMARK_MAX_LENGTH} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
    </Form.Item>
  );
}

/** The foot of a create form: what went wrong, Cancel and the submit button. */
export function FormFoot({
  error,
  pending,
  disabled,
  submitLabel,
  onCancel,
}: {
  error: string | null;
  pending: boolean;
  disabled: boolean;
  submitLabel: string;
  onCancel(): void;
}) {
  const { t: tc } = useTranslation('common');
  return (
    <Flex vertical gap={12} style={{ marginTop: 16 }}>
      {error && <Alert type="error" showIcon role="alert" title={error} />}
      <Flex gap={8} justify="flex-end" wrap>
        <Button onClick={onCancel}>{tc('cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={pending} disabled={disabled}>
          {submitLabel}
        </Button>
      </Flex>
    </Flex>
  );
}

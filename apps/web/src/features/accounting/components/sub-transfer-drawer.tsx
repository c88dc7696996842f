import type { AccountType } from '@andes/contract/account/enums';
import { SUB_TRANSFER_ACCOUNT_TYPES, TRANSFER_TARGETS, type TransferTarget } from '@andes/contract/accounting/enums';
import { Alert, Form, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { centsOf } from '../../../shared/form/amount-input.ts';
import { useDebounced } from '../../../shared/hooks/use-debounced.ts';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { useCreateForm, useSubMerchants, useSubTransferCalculate } from '../api/accounting-calls.ts';
import { useAccountingText } from '../hooks/use-accounting-text.ts';
import type { CreateDrawerProps, CreateFormProps } from './form-parts.tsx';
import { AmountField, CreateDrawer, FormFoot, RemarkField } from './form-parts.tsx';
import { SubTransferFigures } from './money-figures.tsx';

interface SubTransferValues {
  target: TransferTarget;
  subMerchantId?: number;
  accountType: AccountType;
  amount?: string;
  remark?: string;
}

/**
 * A sub-merchant transfer (button setting:sub-merchant:add, merchant users): to a sub-merchant
 * (SUB) or back from one (SELF), between accounts of the same type in the selected country, no
 * fee. The amount is reserved at once. One request id per opening.
 */
export function SubTransferDrawer({ open, area, onClose, onCreated }: CreateDrawerProps) {
  const { t } = useTranslation('accounting');
  return (
    <CreateDrawer open={open} title={t('subTransfer.create')} onClose={onClose}>
      <SubTransferForm area={area} onCancel={onClose} onCreated={onCreated} />
    </CreateDrawer>
  );
}

function SubTransferForm({ area, onCancel, onCreated }: CreateFormProps) {
  const { t } = useTranslation('accounting');
  const _text = useAccountingText();
  const [form] = Form.useForm<SubTransferValues>();
  const { requestId, error, pending, submit: send } = useCreateForm(onCreated);
  const merchantId = useAppStore((s) => s.currentUser?.merchantId ?? null);
  const subMerchants = useSubMerchants(merchantId);
  const target = Form.useWatch('target', form) ?? 'SUB';
  const subMerchantId = Form.useWatch('subMerchantId', form);
  const accountType = Form.useWatch('accountType', form) ?? 'PAY_IN';
  const cents = useDebounced(centsOf(Form.useWatch('amount', form)));
  const figures = useSubTransferCalculate(
    cents === null || subMerchantId === undefined ? null : { country: area.code, target, subMerchantId, accountType, amount: cents },
  );
  const shown = cents === null || subMerchantId === undefined ? null : figures.data;

  const submit = (values: SubTransferValues) => {
    const amount = centsOf(values.amount);
    if (amount === null || values.subMerchantId === undefined || pending) return;
    send({
      kind: 'SUB_TRANSFER',
      request: {
        requestId,
        country: area.code,
        target: values.target,
        subMerchantId: values.subMerchantId,
        accountType: values.accountType,
        amount,
        ...(values.remark?.trim() ? { remark: values.remark.trim() } : {}),
      },
    });
  };

  return (
    <Form<SubTransferValues>
      form={form}
      name="sub-transfer-create"
      layout="vertical"
      requiredMark="optional"
      initialValues={{ target: 'SUB', accountType: 'PAY_IN' }}
      onFinish={submit}
      disabled={pending}
    >
      <Form.Item name="target" label={t('field.target')} required>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={TRANSFER_TARGETS.map((value) => ({ value, label: t(`target.${value}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="subMerchantId"
        label={t('field.subMerchant')}
        required
        rules={[{ required: true, message: t('form.subMerchantRequired') }]}
      >
        <Select
          loading={subMerchants.isPending}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ maxWidth: 360 }}
          options={(subMerchants.data ?? []).map((s) => ({ value: s.subMerchantId, label: s.subMerchantName }))}
        />
      </Form.Item>
      <Form.Item name="accountType" label={t('field.accountType')} required>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={SUB_TRANSFER_ACCOUNT_TYPES.map((value) => ({ value, label: t(`accountType.${value}`) }))}
        />
      </Form.Item>
      <AmountField currency={area.currency} limits={null} />
      {shown ? (
        <SubTransferFigures answer={shown} loading={figures.isFetching} />
      ) : (
        <Alert type="info" showIcon title={t('subTransfer.typeAmount')} />
      )}
      <RemarkField />
      <Alert type="info" showIcon title={t('subTransfer.hint')} />
      <FormFoot
        error={error}
        pending={pending}
        disabled={shown?.problem != null}
        submitLabel={t('subTransfer.submit')}
        onCancel={onCancel}
      />
    </Form>
  );
}

import { PIX_KEY_TYPES } from '@andes/contract/common/enums';
import { type BeneficiaryField, checkBeneficiary, type PayoutRail } from '@andes/contract/payout/rails';
import { Form, type FormInstance, Input, Select } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { usePayoutText } from '../hooks/use-payout-text.ts';
import type { SinglePayoutValues } from '../payout-form.ts';

/** The label of a beneficiary field on a rail (a CLABE in Mexico, an ABA routing number in the US…). */
export function fieldLabel(t: TFunction<'payout'>, rail: PayoutRail, field: BeneficiaryField): string {
  switch (field) {
    case 'document':
      if (rail.country === 'BR') return t('field.document.BR');
      if (rail.country === 'MX') return t('field.document.MX');
      if (rail.country === 'CL') return t('field.document.CL');
      return t('field.document');
    case 'bankCode':
      if (rail.country === 'BR') return t('field.bankCode.BR');
      if (rail.country === 'US') return t('field.bankCode.US');
      if (rail.country === 'ZA') return t('field.bankCode.ZA');
      return t('field.bankCode');
    case 'accountNo':
      if (rail.country === 'MX') return t('field.accountNo.MX');
      if (rail.country === 'PE') return t('field.accountNo.PE');
      return t('field.accountNo');
    default:
      return t(`field.${field}`);
  }
}

/** The document types the rails offer, by their codes. */
const DOCUMENT_TYPES = ['CC', 'NIT', 'CE', 'PASS', 'DNI', 'RUC'] as const;
type DocumentType = (typeof DOCUMENT_TYPES)[number];
const isDocumentType = (value: string): value is DocumentType => (DOCUMENT_TYPES as readonly string[]).includes(value);

/** The name of a document type ("CC — citizenship card"), or its code. */
export function documentTypeLabel(t: TFunction<'payout'>, value: string): string {
  return isDocumentType(value) ? t(`documentType.${value}`) : value;
}

/** Fields whose check depends on another (the type of the document or of the PIX key). */
const DEPENDS_ON: Partial<Record<BeneficiaryField, BeneficiaryField>> = { document: 'documentType', pixKey: 'pixKeyType' };

/**
 * The beneficiary fields a rail asks for (rail.fields, in its order): selects for the document,
 * account and PIX key types, optional fields marked, each checked with `checkBeneficiary` — the
 * contract's rule, so the message is the server's.
 */
export function BeneficiaryFields({ rail, form }: { rail: PayoutRail; form: FormInstance<SinglePayoutValues> }) {
  const { t } = useTranslation('payout');
  const text = usePayoutText();
  const check = (field: BeneficiaryField) => async () => {
    const checked = checkBeneficiary(rail, form.getFieldValue('beneficiary') ?? {});
    const message = checked.ok ? undefined : checked.errors[field];
    if (message) throw new Error(text.fieldError(message));
  };
  return (
    <>
      {rail.fields.map((field) => {
        const other = DEPENDS_ON[field];
        const dependencies: NamePath[] = other && rail.fields.includes(other) ? [['beneficiary', other]] : [];
        return (
          <Form.Item
            key={`${rail.productType}-${field}`}
            name={['beneficiary', field]}
            label={fieldLabel(t, rail, field)}
            required={!rail.optional.includes(field)}
            rules={[{ validator: check(field) }]}
            dependencies={dependencies}
            validateTrigger="onBlur"
            {...(field === 'pixKey' ? { extra: t('hint.pixKey') } : field === 'phone' ? { extra: t('hint.phone') } : {})}
          >
            {field === 'documentType' ? (
              <Select options={(rail.documentTypes ?? []).map((value) => ({ value, label: documentTypeLabel(t, value) }))} />
            ) : field === 'accountType' ? (
              <Select options={(rail.accountTypes ?? []).map((value) => ({ value, label: t(`accountType.${value}`) }))} />
            ) : field === 'pixKeyType' ? (
              <Select options={PIX_KEY_TYPES.map((value) => ({ value, label: t(`pixKeyType.${value}`) }))} />
            ) : (
              <Input
                autoComplete="off"
                maxLength={128}
                {...(field === 'email' ? { type: 'email' } : field === 'phone' ? { type: 'tel' } : {})}
              />
            )}
          </Form.Item>
        );
      })}
    </>
  );
}

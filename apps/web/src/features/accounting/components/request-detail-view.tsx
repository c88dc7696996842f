import type { AccountingRequestDetail } from '@andes/contract/accounting/schemas';
import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import { formatDateTime } from '@andes/contract/common/dates';
import { Descriptions, Flex, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../../shared/ui/amount.tsx';
import { FileList } from '../../../shared/ui/file-list.tsx';
import { KINDS } from '../accounting-kinds.ts';
import { accountingKeys } from '../api/accounting-calls.ts';
import { proofBlob, saveProof } from '../api/proof-file.ts';
import { useAccountingText } from '../hooks/use-accounting-text.ts';
import { RequestStatusTag } from './request-status.tsx';

/** The proofs of transfer: images previewed, every file downloadable (the caller reads the request, so its proofs). */
function ProofFiles({ request }: { request: AccountingRequestDetail }) {
  if (request.proofFiles.length === 0) return <>{EMPTY_PLACEHOLDER}</>;
  const id = request.id;
  return (
    <FileList
      files={request.proofFiles}
      queryKey={accountingKeys.proofs(id)}
      loadBlob={(file) => proofBlob({ id, fileId: file.fileId })}
      download={(file) => saveProof({ id, fileId: file.fileId, name: file.name })}
    />
  );
}

/**
 * Every field of a request (spec §3): number, country, account type and mode, the amounts of its
 * kind (requested, verified, fee lines, final, deducted or received, both sides of an exchange with
 * the rate), transfer time, remitting bank, beneficiary account, proofs, remark, status with its
 * reason, approval, who created it and when, the last change — then its history.
 */
export function RequestDetailView({ request, zone }: { request: AccountingRequestDetail; zone: string }) {
  const { t } = useTranslation('accounting');
  const text = useAccountingText();
  const info = KINDS[request.kind];
  const time = (value: string | null) => (value ? <time dateTime={value}>{formatDateTime(value, zone)}</time> : EMPTY_PLACEHOLDER);
  const money = (cents: number | null, currency = request.currency) =>
    cents === null ? EMPTY_PLACEHOLDER : <Amount cents={cents} currency={currency} />;
  const items: { key: string; label: string; children: ReactNode }[] = [
    { key: 'requestNo', label: t('field.requestNo'), children: <Typography.Text copyable>{request.requestNo}</Typography.Text> },
    { key: 'country', label: t('field.country'), children: request.country },
    { key: 'accountType', label: t('field.accountType'), children: t(`accountType.${request.accountType}`) },
  ];
  if (request.kind === 'SUB_TRANSFER') {
    items.push(
      { key: 'target', label: t('field.target'), children: request.target ? t(`target.${request.target}`) : EMPTY_PLACEHOLDER },
      { key: 'subMerchant', label: t('field.subMerchant'), children: request.subMerchantName ?? EMPTY_PLACEHOLDER },
    );
  } else {
    items.push({
      key: 'mode',
      label: t('field.mode'),
      children: request.mode ? t(`mode.${info.key}.${request.mode}` as never) : EMPTY_PLACEHOLDER,
    });
  }
  items.push({ key: 'requestAmount', label: t('field.requestAmount'), children: money(request.requestAmount) });
  if (request.kind === 'TOPUP')
    items.push({ key: 'verifiedAmount', label: t('field.verifiedAmount'), children: money(request.verifiedAmount) });
  if (request.kind === 'TOPUP' || request.kind === 'WITHDRAWAL') {
    items.push(
      ...(request.feeLines.length > 0
        ? request.feeLines.map((line) => ({ key: `fee-${line.item}`, label: t(`feeItem.${line.item}`), children: money(line.amount) }))
        : [{ key: 'fee', label: t('field.fee'), children: money(request.fee) }]),
    );
  }
  if (request.kind === 'EXCHANGE') {
    items.push(
      {
        key: 'side',
        label: t('field.side'),
        children: request.side ? t(`side.${request.side}`, { currency: request.currency }) : EMPTY_PLACEHOLDER,
      },
      {
        key: 'sellAmount',
        label: t('field.sellAmount'),
        children: request.sellCurrency ? money(request.sellAmount, request.sellCurrency) : EMPTY_PLACEHOLDER,
      },
      {
        key: 'buyAmount',
        label: t('field.buyAmount'),
        children: request.buyCurrency ? money(request.buyAmount, request.buyCurrency) : EMPTY_PLACEHOLDER,
      },
      { key: 'exchangeRate', label: t('field.exchangeRate'), children: request.exchangeRate ?? EMPTY_PLACEHOLDER },
      { key: 'rateExpiresAt', label: t('field.rateExpiresAt'), children: time(request.rateExpiresAt) },
      {
        key: 'contract',
        label: t('field.contractConfirmed'),
        children: request.contractConfirmedAt
          ? t('byAt', { by: request.contractConfirmedBy ?? t('byProvider'), at: formatDateTime(request.contractConfirmedAt, zone) })
          : EMPTY_PLACEHOLDER,
      },
    );
  }
  const currencyOut = request.kind === 'EXCHANGE' ? (request.sellCurrency ?? request.currency) : request.currency;
  const currencyIn = request.kind === 'EXCHANGE' ? (request.buyCurrency ?? request.currency) : request.currency;
  items.push(
    { key: 'finalAmount', label: t(`field.finalAmount.${request.kind}`), children: money(request.finalAmount, currencyIn) },
    { key: 'deductionAmount', label: t('field.deductionAmount'), children: money(request.deductionAmount, currencyOut) },
    { key: 'receiptAmount', label: t('field.receiptAmount'), children: money(request.receiptAmount, currencyIn) },
    { key: 'transferTime', label: t('field.transferTime'), children: time(request.transferTime) },
    { key: 'remittingBank', label: t('field.remittingBank'), children: request.remittingBank ?? EMPTY_PLACEHOLDER },
    {
      key: 'beneficiaryAccount',
      label: t('field.beneficiaryAccount'),
      children: request.beneficiaryAccount ? (
        <Flex vertical>
          <span>{request.beneficiaryAccount.holderName}</span>
          <Typography.Text type="secondary">
            {request.beneficiaryAccount.bankName} · {request.beneficiaryAccount.accountNumber}
          </Typography.Text>
        </Flex>
      ) : (
        EMPTY_PLACEHOLDER
      ),
    },
    { key: 'proof', label: t('field.proof'), children: <ProofFiles request={request} /> },
    { key: 'remark', label: t('field.remark'), children: request.remark || EMPTY_PLACEHOLDER },
    {
      key: 'status',
      label: t('field.status'),
      children: (
        <Flex vertical gap={4} align="flex-start">
          <RequestStatusTag request={request} />
          {request.statusReason && <Typography.Text type="secondary">{text.message(request.statusReason)}</Typography.Text>}
        </Flex>
      ),
    },
  );
  if (request.kind === 'WITHDRAWAL' && request.approvalState !== 'NONE') {
    items.push({
      key: 'approval',
      label: t('field.approval'),
      children: (
        <Flex vertical>
          <span>{t(`approval.${request.approvalState}`)}</span>
          {request.approvedBy && request.approvedAt && (
            <Typography.Text type="secondary">
              {t('byAt', { by: request.approvedBy, at: formatDateTime(request.approvedAt, zone) })}
            </Typography.Text>
          )}
        </Flex>
      ),
    });
  }
  items.push(
    {
      key: 'createdAt',
      label: t('field.createdAt'),
      children: t('byAt', { by: request.createdBy, at: formatDateTime(request.createdAt, zone) }),
    },
    { key: 'updatedAt', label: t('field.updatedAt'), children: time(request.updatedAt) },
  );

  return (
    <Flex vertical gap={16}>
      <Descriptions bordered size="small" column={{ xs: 1, sm: 1, md: 1, lg: 2, xl: 2, xxl: 2 }} items={items} />
      <section aria-labelledby="request-history-title">
        <Typography.Title level={5} id="request-history-title">
          {t('history.title')}
        </Typography.Title>
        {request.history.length === 0 ? (
          <Typography.Text type="secondary">{t('history.empty')}</Typography.Text>
        ) : (
          <Timeline
            items={request.history.map((entry, index) => ({
              key: `${entry.event}-${entry.at}-${index}`,
              content: (
                <Flex vertical gap={2}>
                  <Flex gap={8} align="center" wrap>
                    <Typography.Text strong>{t(`event.${entry.event}`)}</Typography.Text>
                    <RequestStatusTag request={{ kind: request.kind, status: entry.status }} />
                  </Flex>
                  <Typography.Text type="secondary">
                    <time dateTime={entry.at}>{formatDateTime(entry.at, zone)}</time>
                    {' · '}
                    {entry.by ?? t('byProvider')}
                  </Typography.Text>
                  {entry.reason && <Typography.Text>{text.message(entry.reason)}</Typography.Text>}
                </Flex>
              ),
            }))}
          />
        )}
      </section>
    </Flex>
  );
}

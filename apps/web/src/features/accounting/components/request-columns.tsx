import type { AccountingRequest } from '@andes/contract/accounting/schemas';
import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import { formatDateTime } from '@andes/contract/common/dates';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { type RowAction, RowActions } from '../../../shared/list-screen/row-actions.tsx';
import { Amount } from '../../../shared/ui/amount.tsx';
import { detailPathOf, KINDS } from '../accounting-kinds.ts';
import { RequestStatusTag } from './request-status.tsx';

interface ColumnContext {
  t: TFunction<'accounting'>;
  tc: TFunction<'common'>;
  zone: string;
  /** The caller may open a request's page. */
  canOpen: boolean;
  /** Runs a row action after its confirmation (cancel, approve, refuse). */
  act(row: AccountingRequest, action: 'CANCEL' | 'APPROVE' | 'REFUSE'): Promise<unknown>;
  /** Opens the request's page (to submit a proof or confirm a contract there). */
  open(row: AccountingRequest): void;
}

const money = (cents: number | null, row: Pick<AccountingRequest, 'currency'>, currency = row.currency) =>
  cents === null ? EMPTY_PLACEHOLDER : <Amount cents={cents} currency={currency} />;

/** The amount columns of each kind (spec §3: request, verified and final amounts, deduction or receipt, both sides of an exchange). */
function amountColumns(kind: AccountingRequest['kind'], t: TFunction<'accounting'>): TableColumnsType<AccountingRequest> {
  const column = (key: string, title: string, render: (row: AccountingRequest) => React.ReactNode) => ({
    key,
    title,
    align: 'right' as const,
    render: (_: unknown, row: AccountingRequest) => render(row),
  });
  const requested = column('requestAmount', t('field.requestAmount'), (row) => money(row.requestAmount, row));
  switch (kind) {
    case 'TOPUP':
      return [
        requested,
        column('verifiedAmount', t('field.verifiedAmount'), (row) => money(row.verifiedAmount, row)),
        column('fee', t('field.fee'), (row) => money(row.fee, row)),
        column('finalAmount', t('field.finalAmount'), (row) => money(row.finalAmount, row)),
      ];
    case 'WITHDRAWAL':
      return [
        requested,
        column('fee', t('field.fee'), (row) => money(row.fee, row)),
        column('deductionAmount', t('field.deductionAmount'), (row) => money(row.deductionAmount, row)),
      ];
    case 'EXCHANGE':
      return [
        column('sellAmount', t('field.sellAmount'), (row) =>
          row.sellCurrency ? money(row.sellAmount, row, row.sellCurrency) : EMPTY_PLACEHOLDER,
        ),
        column('buyAmount', t('field.buyAmount'), (row) =>
          row.buyCurrency ? money(row.buyAmount, row, row.buyCurrency) : EMPTY_PLACEHOLDER,
        ),
        { key: 'exchangeRate', title: t('field.exchangeRate'), align: 'right', render: (_, row) => row.exchangeRate ?? EMPTY_PLACEHOLDER },
      ];
    case 'SUB_TRANSFER':
      return [requested];
  }
}

/**
 * A request list's columns: request number (opens its page), mode or target, account type, the
 * amounts of its kind, status, created and updated times, and the actions its status allows
 * (`actions`, already narrowed to the caller's permissions by the server; gated here too).
 */
export function requestColumns(kind: AccountingRequest['kind'], ctx: ColumnContext): TableColumnsType<AccountingRequest> {
  const { t, tc, zone } = ctx;
  const info = KINDS[kind];
  const time = (value: string) => <time dateTime={value}>{formatDateTime(value, zone)}</time>;
  const columns: TableColumnsType<AccountingRequest> = [
    {
      key: 'requestNo',
      title: t('field.requestNo'),
      render: (_, row) =>
        ctx.canOpen ? (
          <Link to={detailPathOf(kind, row.id)} style={{ whiteSpace: 'nowrap' }}>
            {row.requestNo}
          </Link>
        ) : (
          <span style={{ whiteSpace: 'nowrap' }}>{row.requestNo}</span>
        ),
    },
    kind === 'SUB_TRANSFER'
      ? {
          key: 'target',
          title: t('field.target'),
          render: (_, row) => (
            <>
              {row.target ? t(`target.${row.target}`) : EMPTY_PLACEHOLDER}
              {row.subMerchantName ? ` · ${row.subMerchantName}` : ''}
            </>
          ),
        }
      : {
          key: 'mode',
          title: t('field.mode'),
          render: (_, row) => (row.mode ? t(`mode.${info.key}.${row.mode}` as never) : EMPTY_PLACEHOLDER),
        },
    { key: 'accountType', title: t('field.accountType'), render: (_, row) => t(`accountType.${row.accountType}`) },
    ...amountColumns(kind, t),
    { key: 'status', title: t('field.status'), render: (_, row) => <RequestStatusTag request={row} /> },
    { key: 'createdAt', title: t('field.createdAtIn', { zone }), render: (_, row) => time(row.createdAt) },
    { key: 'updatedAt', title: t('field.updatedAtIn', { zone }), render: (_, row) => time(row.updatedAt) },
    {
      key: 'actions',
      title: tc('actions'),
      fixed: 'right',
      render: (_, row) => {
        const allowed = new Set(row.actions);
        const actions: RowAction[] = [
          {
            key: 'cancel',
            label: t(`action.${kind === 'SUB_TRANSFER' ? 'revoke' : 'cancel'}`),
            name: t(`action.${kind === 'SUB_TRANSFER' ? 'revokeOf' : 'cancelOf'}`, { requestNo: row.requestNo }),
            permission: info.revoke,
            when: allowed.has('CANCEL'),
            danger: true,
            confirm: {
              title: t(`action.${kind === 'SUB_TRANSFER' ? 'revokeConfirm' : 'cancelConfirm'}`, { requestNo: row.requestNo }),
              content: t(`action.${kind === 'SUB_TRANSFER' ? 'revokeHint' : 'cancelHint'}`),
              onOk: () => ctx.act(row, 'CANCEL'),
            },
          },
        ];
        if (info.approve) {
          actions.push(
            {
              key: 'approve',
              label: t('action.approve'),
              name: t('action.approveOf', { requestNo: row.requestNo }),
              permission: info.approve,
              when: allowed.has('APPROVE'),
              confirm: { title: t('action.approveConfirm', { requestNo: row.requestNo }), onOk: () => ctx.act(row, 'APPROVE') },
            },
            {
              key: 'refuse',
              label: t('action.refuse'),
              name: t('action.refuseOf', { requestNo: row.requestNo }),
              permission: info.approve,
              when: allowed.has('REFUSE'),
              danger: true,
              confirm: { title: t('action.refuseConfirm', { requestNo: row.requestNo }), onOk: () => ctx.act(row, 'REFUSE') },
            },
          );
        }
        if (info.proceed) {
          actions.push(
            {
              key: 'proof',
              label: t('action.submitProof'),
              name: t('action.submitProofOf', { requestNo: row.requestNo }),
              permission: info.proceed,
              when: ctx.canOpen && allowed.has('SUBMIT_PROOF'),
              onClick: () => ctx.open(row),
            },
            {
              key: 'contract',
              label: t('action.confirmContract'),
              name: t('action.confirmContractOf', { requestNo: row.requestNo }),
              permission: info.proceed,
              when: ctx.canOpen && allowed.has('CONFIRM_CONTRACT'),
              onClick: () => ctx.open(row),
            },
          );
        }
        return <RowActions actions={actions} />;
      },
    },
  ];
  return columns;
}

import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import { formatDateTime } from '@andes/contract/common/dates';
import { CASE_CLOSABLE_STATUSES, CASE_EDITABLE_STATUSES } from '@andes/contract/support/enums';
import type { SupportCase } from '@andes/contract/support/schemas';
import { Flex, type TableColumnsType, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { type RowAction, RowActions } from '../../../shared/list-screen/row-actions.tsx';
import { caseDetailPath } from '../support-paths.ts';
import { secondsSince } from '../time-since.ts';
import { CaseStatusTag } from './case-status.tsx';
import { TimeSinceText } from './time-since-text.tsx';

interface ColumnContext {
  t: TFunction<'support'>;
  tc: TFunction<'common'>;
  zone: string;
  now: Date;
  /** The caller may open a case's page (and its edit form). */
  canOpen: boolean;
  canEdit: boolean;
  open(row: SupportCase): void;
  edit(row: SupportCase): void;
  /** Opens the close or reopen dialog of a row (instructions required). */
  ask(kind: 'close' | 'reopen', row: SupportCase): void;
}

/**
 * The case list's columns (spec §3 "Support case"): case id (opens its page), title, type, status,
 * country, transaction key, creation time, the time since the last reply of each side, and the
 * row's actions — detail, edit, close, reopen — as its status and the caller's permissions allow.
 */
export function caseColumns(ctx: ColumnContext): TableColumnsType<SupportCase> {
  const { t, tc, zone, now } = ctx;
  const since = (instant: string | null) => <TimeSinceText seconds={instant ? secondsSince(instant, now) : null} />;
  return [
    {
      key: 'caseNo',
      title: t('field.caseNo'),
      render: (_, row) =>
        ctx.canOpen ? (
          <Link to={caseDetailPath(row.id)} aria-label={t('list.openOf', { caseNo: row.caseNo })} style={{ whiteSpace: 'nowrap' }}>
            {row.caseNo}
          </Link>
        ) : (
          <span style={{ whiteSpace: 'nowrap' }}>{row.caseNo}</span>
        ),
    },
    {
      key: 'title',
      title: t('field.title'),
      render: (_, row) => (
        <Typography.Text ellipsis={{ tooltip: row.title }} style={{ maxWidth: 260 }}>
          {row.title}
        </Typography.Text>
      ),
    },
    { key: 'caseType', title: t('field.caseType'), render: (_, row) => t(`caseType.${row.caseType}`) },
    { key: 'status', title: t('field.status'), render: (_, row) => <CaseStatusTag status={row.status} /> },
    { key: 'country', title: t('field.country'), render: (_, row) => tc(`countryName.${row.country}`) },
    {
      key: 'transactionKey',
      title: t('field.transactionKey'),
      render: (_, row) => row.transactionUniqueId ?? row.transactionKey ?? row.e2eId ?? EMPTY_PLACEHOLDER,
    },
    {
      key: 'createdAt',
      title: t('field.createdAtIn', { zone }),
      render: (_, row) => <time dateTime={row.createdAt}>{formatDateTime(row.createdAt, zone)}</time>,
    },
    {
      key: 'lastReply',
      title: t('field.lastReply'),
      render: (_, row) => (
        <Flex vertical gap={0} style={{ whiteSpace: 'nowrap' }}>
          <span>
            {t('since.merchantShort')}: {since(row.lastMerchantReplyAt)}
          </span>
          <span>
            {t('since.providerShort')}: {since(row.lastProviderReplyAt)}
          </span>
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: tc('actions'),
      fixed: 'right',
      render: (_, row) => {
        const actions: RowAction[] = [
          {
            key: 'detail',
            name: t('action.detailOf', { caseNo: row.caseNo }),
            permission: 'support:case:detail',
            when: ctx.canOpen,
            onClick: () => ctx.open(row),
          },
          {
            key: 'edit',
            name: t('action.editOf', { caseNo: row.caseNo }),
            permission: 'support:case:edit',
            when: ctx.canEdit && CASE_EDITABLE_STATUSES.includes(row.status),
            onClick: () => ctx.edit(row),
          },
          {
            key: 'close',
            label: t('action.close'),
            name: t('action.closeOf', { caseNo: row.caseNo }),
            permission: 'support:case:close',
            when: CASE_CLOSABLE_STATUSES.includes(row.status),
            danger: true,
            onClick: () => ctx.ask('close', row),
          },
          {
            key: 'reopen',
            label: t('action.reopen'),
            name: t('action.reopenOf', { caseNo: row.caseNo }),
            permission: 'support:case:reopen',
            when: row.status === 'CLOSED',
            onClick: () => ctx.ask('reopen', row),
          },
        ];
        return <RowActions actions={actions} />;
      },
    },
  ];
}

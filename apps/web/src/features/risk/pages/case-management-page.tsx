import { EMPTY_PLACEHOLDER } from '@andes/contract/common/constants';
import { type AreaAuthority, utcOffsetLabel } from '@andes/contract/common/countries';
import { formatDateTime } from '@andes/contract/common/dates';
import { REVIEW_STATUSES, REVIEW_WINDOW_DAYS } from '@andes/contract/risk/enums';
import type { ReviewItem } from '@andes/contract/risk/schemas';
import { Empty, Flex, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notify } from '../../../shared/api/notifier.ts';
import { usePermission } from '../../../shared/auth/use-permissions.ts';
import { useSelectedArea } from '../../../shared/auth/use-selected-area.ts';
import type { ListFilterField } from '../../../shared/list-screen/list-filter-bar.tsx';
import { ListScreen } from '../../../shared/list-screen/list-screen.tsx';
import { RowActions } from '../../../shared/list-screen/row-actions.tsx';
import { useListScreen } from '../../../shared/list-screen/use-list-screen.ts';
import { Amount } from '../../../shared/ui/amount.tsx';
import { FiredRules, ReviewStatusTag } from '../../../shared/ui/risk-decision.tsx';
import { type ReviewRow, reviewListQuery } from '../api/risk-calls.ts';
import { ReviewDecisionModal } from '../components/review-decision-modal.tsx';
import { transactionPathOf } from '../risk-paths.ts';
import { REVIEW_DIALOGS, REVIEW_FILTERS, type ReviewDialog, type ReviewListRequest, reviewListOf } from '../risk-url.ts';

/**
 * Case management (spec §2 Risk → Case Management; docs/decisions/0028): the pay-ins the rules sent
 * to review in the selected country — waiting, approved or rejected — with amount, payer, card,
 * score, the rules that fired and when the review expires; holders of `risk:review:decide` approve
 * or reject each waiting one once, with an optional note. A row opens the transaction's page.
 */
function CaseManagementScreen({ area }: { area: AreaAuthority }) {
  const { t } = useTranslation('risk');
  const { t: tc } = useTranslation('common');
  const zone = area.timezoneName;
  const canOpen = usePermission('transactions:detail');
  const screen = useListScreen<ReviewListRequest, ReviewRow, ReviewDialog>({
    filters: REVIEW_FILTERS,
    requestOf: (params, position) => reviewListOf(area.code, params, position),
    query: reviewListQuery,
    dialogs: { kinds: REVIEW_DIALOGS, withId: REVIEW_DIALOGS },
  });
  const dialog = screen.dialog;
  const deciding = dialog ? (screen.rows.find((row) => row.id === dialog.id) ?? null) : null;
  const time = (value: string | null) => (value ? <time dateTime={value}>{formatDateTime(value, zone)}</time> : EMPTY_PLACEHOLDER);

  const columns: TableColumnsType<ReviewRow> = [
    {
      key: 'uniqueId',
      title: t('review.uniqueId'),
      render: (_, row) => (
        <Flex vertical>
          {canOpen ? (
            <Link to={transactionPathOf(row.transactionId)} style={{ whiteSpace: 'nowrap' }}>
              {row.uniqueId}
            </Link>
          ) : (
            <span style={{ whiteSpace: 'nowrap' }}>{row.uniqueId}</span>
          )}
          <Typography.Text type="secondary">{row.merchantReference}</Typography.Text>
        </Flex>
      ),
    },
    { key: 'amount', title: t('review.amount'), align: 'right', render: (_, row) => <Amount cents={row.amount} currency={row.currency} /> },
    {
      key: 'payer',
      title: t('review.payer'),
      render: (_, row) => (
        <Flex vertical>
          <span>{row.payerName ?? EMPTY_PLACEHOLDER}</span>
          {row.payerEmail && <Typography.Text type="secondary">{row.payerEmail}</Typography.Text>}
        </Flex>
      ),
    },
    {
      key: 'card',
      title: t('review.card'),
      render: (_, row) => <span style={{ fontFamily: 'monospace' }}>{row.cardMasked ?? EMPTY_PLACEHOLDER}</span>,
    },
    { key: 'score', title: t('review.score'), align: 'right', render: (_, row) => row.score ?? EMPTY_PLACEHOLDER },
    {
      key: 'rules',
      title: t('review.rules'),
      render: (_, row) => <FiredRules rules={row.rules} currency={row.currency} compact />,
    },
    { key: 'createdAt', title: t('review.createdIn', { zone }), render: (_, row) => time(row.createdAt) },
    { key: 'status', title: t('review.status'), render: (_, row) => <ReviewStatusTag status={row.review.status} /> },
    {
      key: 'review',
      title: t('review.outcome'),
      render: (_, row) =>
        row.review.status === 'PENDING' ? (
          <span>
            {t('review.expires')} {time(row.review.expiresAt)}
          </span>
        ) : (
          <Flex vertical>
            <span>
              {row.review.by ?? EMPTY_PLACEHOLDER} · {time(row.review.at)}
            </span>
            {row.review.note && <Typography.Text type="secondary">{row.review.note}</Typography.Text>}
          </Flex>
        ),
    },
    {
      key: 'actions',
      title: tc('actions'),
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={[
            {
              key: 'approve',
              label: t('review.approve'),
              name: t('review.approveOf', { uniqueId: row.uniqueId }),
              permission: 'risk:review:decide',
              when: row.review.status === 'PENDING',
              opens: row.id,
            },
            {
              key: 'reject',
              label: t('review.reject'),
              name: t('review.rejectOf', { uniqueId: row.uniqueId }),
              permission: 'risk:review:decide',
              when: row.review.status === 'PENDING',
              danger: true,
              opens: row.id,
            },
          ]}
        />
      ),
    },
  ];

  const title = t('review.title');
  const decided = (item: ReviewItem) => {
    notify.success(t(item.review.status === 'APPROVED' ? 'review.approved' : 'review.rejected', { uniqueId: item.uniqueId }));
    screen.closeDialog();
  };

  return (
    <ListScreen<ReviewListRequest, ReviewRow, ReviewDialog>
      screen={screen}
      title={title}
      intro={
        <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
          {t('review.intro', { days: REVIEW_WINDOW_DAYS })} {t('timesIn', { zone: `${zone}, ${utcOffsetLabel(zone)}` })}
        </Typography.Paragraph>
      }
      tabs={{
        name: 'status',
        label: t('review.status'),
        options: REVIEW_STATUSES.map((status) => ({ value: status, label: t(`reviewStatus.${status}`) })),
      }}
      filterBar={{
        name: 'review-filters',
        label: t('filter.label', { title }),
        fields: [
          { kind: 'dateRange', name: 'range', label: t('review.createdIn', { zone }), timeZone: zone },
          { kind: 'text', name: 'keyword', label: t('review.keyword'), width: 240 },
        ] satisfies ListFilterField[],
      }}
      columns={columns}
      card={{ title: 'uniqueId', extra: 'status' }}
      emptyText={t(`review.empty.${screen.request.status}`)}
      label={title}
    >
      <ReviewDecisionModal
        key={dialog ? `${dialog.kind}-${dialog.id}` : 'none'}
        item={deciding}
        decision={dialog?.kind === 'reject' ? 'REJECT' : 'APPROVE'}
        onClose={screen.closeDialog}
        onDecided={decided}
      />
    </ListScreen>
  );
}

/** `/risk/case-management`. */
export function CaseManagementPage() {
  const { t } = useTranslation('risk');
  const { area } = useSelectedArea();
  if (!area) return <Empty description={t('noCountry')} />;
  return <CaseManagementScreen key={area.code} area={area} />;
}

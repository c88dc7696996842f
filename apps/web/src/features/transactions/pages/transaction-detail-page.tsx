import { utcOffsetLabel } from '@andes/contract/common/countries';
import type { TransactionDetail } from '@andes/contract/transaction/schemas';
import { TransactionId } from '@andes/contract/transaction/schemas';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { Can } from '../../../shared/auth/can.tsx';
import { usePermission } from '../../../shared/auth/use-permissions.ts';
import { useDisplayTimeZone, useSelectedArea } from '../../../shared/auth/use-selected-area.ts';
import { NOT_FOUND_PATH } from '../../../shared/navigation/paths.ts';
import { useAppNavigate } from '../../../shared/navigation/use-app-navigate.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { useTransactionDetail } from '../api/use-transaction-detail.ts';
import { ProofDownloads } from '../components/proof-downloads.tsx';
import { TransactionDetailView } from '../components/transaction-detail-view.tsx';
import type { DetailKind } from '../list-kinds.ts';

function DetailScreen({ kind }: { kind: DetailKind }) {
  const { t } = useTranslation('transactions');
  const { id: raw } = useParams();
  const parsed = TransactionId.safeParse(Number(raw));
  const id = parsed.success && /^\d+$/.test(raw ?? '') ? parsed.data : null;
  const query = useTransactionDetail(kind, id);
  const { areas } = useSelectedArea();
  const displayZone = useDisplayTimeZone();
  if (id === null) return <Navigate to={NOT_FOUND_PATH} replace />;
  const detail = query.data;
  // Times in the zone of the transaction's country when it is one of the user's areas (else the selected one).
  const timeZone = (detail && areas.find((a) => a.code === detail.country)?.timezoneName) ?? displayZone;
  const zoneLabel = `${timeZone}, ${utcOffsetLabel(timeZone)}`;
  return (
    <>
      <PageHeader
        title={detail ? t('title.detail', { uniqueId: detail.uniqueId }) : t('title.detailLoading')}
        back
        extra={detail ? <OpenSupportCase detail={detail} /> : null}
      />
      <QueryStatus query={query} />
      {detail && (
        <Flex vertical gap={16}>
          <ProofDownloads id={detail.id} uniqueId={detail.uniqueId} />
          <TransactionDetailView detail={detail} timeZone={timeZone} zoneLabel={zoneLabel} />
        </Flex>
      )}
    </>
  );
}

/** The support center's create-case page, about this transaction (its unique id, type, product type and country prefilled). */
const CREATE_CASE_PATH = '/support-center/create-case';

/** "Open a support case" about the transaction shown (issue #14), for holders of the case create button. */
function OpenSupportCase({ detail }: { detail: TransactionDetail }) {
  const { t } = useTranslation('transactions');
  const navigate = useAppNavigate();
  const canOpenForm = usePermission('support:create-case');
  if (!canOpenForm) return null;
  const query = new URLSearchParams({
    uniqueId: detail.uniqueId,
    transactionType: detail.transactionType,
    productType: detail.productType,
    country: detail.country,
    ...(detail.e2eId ? { e2eId: detail.e2eId } : {}),
  });
  return (
    <Can permission="support:case:create">
      <Button onClick={() => navigate(`${CREATE_CASE_PATH}?${query.toString()}`)}>{t('detail.openSupportCase')}</Button>
    </Can>
  );
}

/** `/transactions/detail/:id` (pay-in, payout, marketplace, refund, chargeback). */
export function TransactionDetailPage() {
  return <DetailScreen kind="transaction" />;
}

/** `/transactions/payment-link-detail/:id`. */
export function PaymentLinkDetailPage() {
  return <DetailScreen kind="payment-link" />;
}

/** `/transactions/shopify-detail/:id`. */
export function ShopifyDetailPage() {
  return <DetailScreen kind="shopify" />;
}

/** `/transactions/shoplazza-detail/:id`. */
export function ShoplazzaDetailPage() {
  return <DetailScreen kind="shoplazza" />;
}

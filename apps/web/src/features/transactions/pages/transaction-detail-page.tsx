import { utcOffsetLabel } from '@andes/contract/common/countries';
import { TransactionId } from '@andes/contract/transaction/schemas';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useDisplayTimeZone, useSelectedArea } from '../../../shared/auth/use-selected-area.ts';
import { NOT_FOUND_PATH } from '../../../shared/navigation/paths.ts';
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
      <PageHeader title={detail ? t('title.detail', { uniqueId: detail.uniqueId }) : t('title.detailLoading')} back />
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

import { Navigate, useParams } from 'react-router';
import { NOT_FOUND_PATH } from '../../../shared/navigation/paths.ts';
import { isDeepQueryType } from '../list-kinds.ts';
import { TransactionListScreen } from './transaction-list-screen.tsx';

/** `/transactions/payin`. */
export function PayinListPage() {
  return <TransactionListScreen kind="payin" />;
}

/** `/transactions/payout`. */
export function PayoutListPage() {
  return <TransactionListScreen kind="payout" />;
}

/** `/transactions/market-place`. */
export function MarketPlaceListPage() {
  return <TransactionListScreen kind="market-place" />;
}

/** `/transactions/holding-page`: pay-ins on hold (hold flag 1). */
export function HoldingListPage() {
  return <TransactionListScreen kind="holding-page" />;
}

/** `/transactions/payment-link`. */
export function PaymentLinkListPage() {
  return <TransactionListScreen kind="payment-link" />;
}

/** `/transactions/shopify`. */
export function ShopifyListPage() {
  return <TransactionListScreen kind="shopify" />;
}

/** `/transactions/shoplazza`. */
export function ShoplazzaListPage() {
  return <TransactionListScreen kind="shoplazza" />;
}

/** `/transactions/deep-query/:type` (payin, payout, market-place): all time, by identifier. */
export function DeepQueryPage() {
  const { type } = useParams();
  if (!isDeepQueryType(type)) return <Navigate to={NOT_FOUND_PATH} replace />;
  return <TransactionListScreen key={type} kind="deep-query" deepType={type} />;
}

import { Alert, Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile.ts';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { useProductConfigDetails } from '../api/product-calls.ts';
import { ProductTerms } from './product-terms.tsx';

interface DetailsDrawerProps {
  /** The product type whose terms are shown; null while the drawer is closed. */
  id: number | null;
  /** Its name as the list shows it (the title), when the list knows it. */
  name: string | null;
  onClose(): void;
}

/** Services → Details: one product type's price and terms (`productConfigDetails`). */
export function DetailsDrawer({ id, name, onClose }: DetailsDrawerProps) {
  const { t } = useTranslation('product');
  const { t: th } = useTranslation('home');
  const mobile = useIsMobile();
  const query = useProductConfigDetails(id);
  const product = name ?? (query.data ? th(`productType.${query.data.code}`) : '');
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={product ? t('terms.title', { product }) : t('details')}
      size={mobile ? '100%' : 520}
      destroyOnHidden
    >
      <QueryStatus query={query} onRetry={() => void query.refetch()} />
      {query.data && (
        <>
          <ProductTerms config={query.data} />
          {!query.data.open && <Alert type="info" showIcon title={t('askToOpen')} style={{ marginTop: 16 }} />}
        </>
      )}
    </Drawer>
  );
}

import type { AreaAuthority } from '@andes/contract/common/countries';
import { utcOffsetLabel } from '@andes/contract/common/countries';
import { PAYMENT_LINK_STATUSES, type PaymentLink } from '@andes/contract/payment-link/schemas';
import { UploadOutlined } from '@ant-design/icons';
import { Button, Empty, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/api/notifier.ts';
import { Can } from '../../../shared/auth/can.tsx';
import { usePermission } from '../../../shared/auth/use-permissions.ts';
import { useSelectedArea } from '../../../shared/auth/use-selected-area.ts';
import type { ListFilterField } from '../../../shared/list-screen/list-filter-bar.tsx';
import { ListScreen } from '../../../shared/list-screen/list-screen.tsx';
import { useListScreen } from '../../../shared/list-screen/use-list-screen.ts';
import { copyText } from '../../../shared/ui/clipboard.ts';
import { linkListQuery, useCancelLink, useInvalidateLinks } from '../api/payment-link-calls.ts';
import { BatchLinkDrawer } from '../components/batch-link-drawer.tsx';
import { GenerateLinkDrawer } from '../components/generate-link-drawer.tsx';
import { linkColumns } from '../components/link-columns.tsx';
import { LinkShareModal } from '../components/link-share-modal.tsx';
import { usePaymentLinkText } from '../hooks/use-payment-link-text.ts';
import { LINK_DIALOGS, LINK_FILTERS, type LinkDialog, type LinkListRequest, linkRequestOf } from '../payment-link-url.ts';

/**
 * `/payment/payment-link` (spec §2 Payment; issue #15): the links generated in the selected
 * country, newest first, by status and keyword; copy, QR code, open and cancel of each; single
 * and batch generation for holders of `payment:payment-link:create`.
 */
export function PaymentLinkPage() {
  const { t } = useTranslation('paymentLink');
  const { area } = useSelectedArea();
  if (!area) return <Empty description={t('noCountry')} />;
  return <PaymentLinkScreen key={area.code} area={area} />;
}

function PaymentLinkScreen({ area }: { area: AreaAuthority }) {
  const { t } = useTranslation('paymentLink');
  const { t: tc } = useTranslation('common');
  const text = usePaymentLinkText();
  const country = area.code;
  const zone = area.timezoneName;
  const canOpenPayment = usePermission('transactions:payment-link-detail');
  const screen = useListScreen<LinkListRequest, PaymentLink, LinkDialog>({
    filters: LINK_FILTERS,
    requestOf: (params, position) => linkRequestOf(country, params, position),
    query: linkListQuery,
    dialogs: { kinds: LINK_DIALOGS, withId: [] },
  });
  const { dialog, openDialog, closeDialog } = screen;
  const [shared, setShared] = useState<PaymentLink | null>(null);
  const cancel = useCancelLink();
  const invalidate = useInvalidateLinks();

  const copy = (link: PaymentLink) => {
    void copyText(link.url).then((copied) => {
      if (copied) notify.success(t('action.copied', { linkId: link.linkId }));
      // The browser refused the clipboard: the address is shown to copy by hand.
      else setShared(link);
    });
  };

  const filters: ListFilterField[] = [
    { kind: 'text', name: 'keyword', label: t('keyword'), width: 260 },
    {
      kind: 'select',
      name: 'status',
      label: t('column.status'),
      width: 160,
      options: PAYMENT_LINK_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
    },
  ];

  const columns = linkColumns({
    t,
    tc,
    text,
    zone,
    canOpenPayment,
    copy,
    showQr: setShared,
    cancel: (link) => cancel.mutateAsync(link.id).then((cancelled) => notify.success(t('cancel.done', { linkId: cancelled.linkId }))),
  });

  return (
    <ListScreen<LinkListRequest, PaymentLink, LinkDialog>
      screen={screen}
      title={t('title')}
      add={{ label: t('generate.button'), permission: 'payment:payment-link:create', onClick: () => openDialog('create') }}
      actions={
        <Can permission="payment:payment-link:create">
          <Button icon={<UploadOutlined aria-hidden />} onClick={() => openDialog('batch')}>
            {t('batch.button')}
          </Button>
        </Can>
      }
      intro={
        <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
          {t('timesIn', { zone: `${zone}, ${utcOffsetLabel(zone)}` })}
        </Typography.Paragraph>
      }
      filterBar={{ name: 'payment-link-filters', label: t('filters'), fields: filters }}
      columns={columns}
      card={{ title: 'linkId', extra: 'status' }}
      emptyText={t('empty')}
      label={t('listLabel')}
    >
      <LinkShareModal link={shared} onClose={() => setShared(null)} />
      <Can permission="payment:payment-link:create">
        <GenerateLinkDrawer open={dialog?.kind === 'create'} country={country} zone={zone} onClose={closeDialog} />
        <BatchLinkDrawer
          open={dialog?.kind === 'batch'}
          country={country}
          currency={area.currency}
          onClose={closeDialog}
          onGenerated={(summary) => {
            void invalidate();
            if (summary && summary.ok > 0) notify.success(t('batchDone', { count: summary.ok }));
          }}
        />
      </Can>
    </ListScreen>
  );
}

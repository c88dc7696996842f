import type { ProofVariant } from '@andes/contract/transaction/enums';
import { FilePdfOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/api/notifier.ts';
import { Can } from '../../../shared/auth/can.tsx';
import { useProofDownload } from '../api/use-proof-download.ts';
import { useProofList } from '../api/use-proof-list.ts';

interface ProofDownloadsProps {
  id: number;
  uniqueId: string;
}

function ProofButtons({ id, uniqueId }: ProofDownloadsProps) {
  const { t } = useTranslation('transactions');
  const proofs = useProofList(id);
  const download = useProofDownload();
  const [current, setCurrent] = useState<ProofVariant | null>(null);

  if (proofs.isError) {
    return (
      <Card title={t('proof.title')} size="small">
        <Typography.Text type="danger">{t('proof.loadFailed')}</Typography.Text>
      </Card>
    );
  }
  const variants = proofs.data?.variants ?? [];
  if (variants.length === 0) return null;

  const get = (variant: ProofVariant) => {
    setCurrent(variant);
    download.mutate(
      { id, uniqueId, variant },
      {
        onSuccess: (name) => notify.success(t('proof.done', { name })),
        onSettled: () => setCurrent(null),
      },
    );
  };

  return (
    <Card title={t('proof.title')} size="small">
      <Flex gap={8} wrap>
        {variants.map((variant) => (
          <Button
            key={variant}
            icon={<FilePdfOutlined aria-hidden />}
            loading={current === variant}
            disabled={current !== null && current !== variant}
            onClick={() => get(variant)}
          >
            {t(`proof.variant.${variant}`)}
          </Button>
        ))}
      </Flex>
    </Card>
  );
}

/**
 * The proof-of-transfer downloads of a transaction (holders of transactions:proof-view): one
 * button per proof the server lists for it (a settled SPEI or PIX transfer: the receipt of the
 * provider that carried it only; a CO bank transfer; payment-link payments), each a PDF saved
 * through the download cache. Nothing shows when it has none.
 */
export function ProofDownloads(props: ProofDownloadsProps) {
  return (
    <Can permission="transactions:proof-view">
      <ProofButtons {...props} />
    </Can>
  );
}

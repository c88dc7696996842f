import type { RequestKind } from '@andes/contract/accounting/enums';
import type { AccountingRequestDetail } from '@andes/contract/accounting/schemas';
import { utcOffsetLabel } from '@andes/contract/common/countries';
import { RecordId } from '@andes/contract/common/fields';
import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { notify } from '../../../shared/api/notifier.ts';
import { Can } from '../../../shared/auth/can.tsx';
import { useDisplayTimeZone, useSelectedArea } from '../../../shared/auth/use-selected-area.ts';
import { NOT_FOUND_PATH } from '../../../shared/navigation/paths.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { useConfirm } from '../../../shared/ui/use-confirm.tsx';
import { KINDS, listPathOf } from '../accounting-kinds.ts';
import { type RequestActionCall, useRequestAction, useRequestDetail } from '../api/accounting-calls.ts';
import { ContractPanel } from '../components/contract-panel.tsx';
import { DecisionModal } from '../components/decision-modal.tsx';
import { ProofModal } from '../components/proof-modal.tsx';
import { RequestDetailView } from '../components/request-detail-view.tsx';
import { RequestStatusTag } from '../components/request-status.tsx';
import { useAccountingText } from '../hooks/use-accounting-text.ts';

function RequestDetailPage({ kind }: { kind: RequestKind }) {
  const { t } = useTranslation('accounting');
  const info = KINDS[kind];
  const { id: raw } = useParams();
  const parsed = RecordId.safeParse(Number(raw));
  const id = parsed.success && /^\d+$/.test(raw ?? '') ? parsed.data : null;
  const query = useRequestDetail(kind, id);
  const { areas } = useSelectedArea();
  const displayZone = useDisplayTimeZone();
  if (id === null) return <Navigate to={NOT_FOUND_PATH} replace />;
  const request = query.data;
  // Times in the zone of the request's country when it is one of the user's areas (else the selected one).
  const zone = (request && areas.find((a) => a.code === request.country)?.timezoneName) ?? displayZone;
  return (
    <>
      <PageHeader
        title={request ? t(`${info.key}.detailTitle`, { requestNo: request.requestNo }) : t(`${info.key}.detailLoading`)}
        back={listPathOf(kind)}
      />
      <QueryStatus query={query} />
      {request && <RequestScreen request={request} zone={zone} />}
    </>
  );
}

/** The request's status, its actions (each as its status and the caller's permissions allow), the contract panel and every field. */
function RequestScreen({ request, zone }: { request: AccountingRequestDetail; zone: string }) {
  const { t } = useTranslation('accounting');
  const text = useAccountingText();
  const info = KINDS[request.kind];
  const action = useRequestAction(request.kind);
  const [confirm, confirmHolder] = useConfirm();
  const [decision, setDecision] = useState<'APPROVE' | 'REFUSE' | null>(null);
  const [proofOpen, setProofOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const allowed = new Set(request.actions);
  const revoking = request.kind === 'SUB_TRANSFER';

  const run = (act: RequestActionCall, after?: () => void) => {
    setError(null);
    return action.mutateAsync(act).then(
      (done) => {
        notify.success(t(`done.${act.action}`, { requestNo: done.requestNo }));
        after?.();
      },
      (failure: unknown) => {
        const said = text.failure(failure);
        setError(said);
        notify.error(said);
      },
    );
  };

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} align="center" wrap justify="space-between">
        <Flex gap={8} align="center" wrap>
          <RequestStatusTag request={request} />
          <Typography.Text type="secondary">{t('timesIn', { zone: `${zone}, ${utcOffsetLabel(zone)}` })}</Typography.Text>
        </Flex>
        <Flex gap={8} wrap>
          {allowed.has('SUBMIT_PROOF') && info.proceed && (
            <Can permission={info.proceed}>
              <Button type="primary" onClick={() => setProofOpen(true)}>
                {t('action.submitProof')}
              </Button>
            </Can>
          )}
          {allowed.has('APPROVE') && info.approve && (
            <Can permission={info.approve}>
              <Button type="primary" onClick={() => setDecision('APPROVE')}>
                {t('action.approve')}
              </Button>
            </Can>
          )}
          {allowed.has('REFUSE') && info.approve && (
            <Can permission={info.approve}>
              <Button danger onClick={() => setDecision('REFUSE')}>
                {t('action.refuse')}
              </Button>
            </Can>
          )}
          {allowed.has('CANCEL') && (
            <Can permission={info.revoke}>
              <Button
                danger
                onClick={() =>
                  confirm({
                    title: t(revoking ? 'action.revokeConfirm' : 'action.cancelConfirm', { requestNo: request.requestNo }),
                    content: t(revoking ? 'action.revokeHint' : 'action.cancelHint'),
                    okText: t(revoking ? 'action.revoke' : 'action.cancel'),
                    danger: true,
                    onOk: () => run({ action: 'CANCEL', id: request.id }),
                  })
                }
              >
                {t(revoking ? 'action.revoke' : 'action.cancel')}
              </Button>
            </Can>
          )}
        </Flex>
      </Flex>
      {request.status === 'WAIT_CONFIRM_CONTRACT' && (
        <ContractPanel
          request={request}
          pending={action.isPending}
          onConfirm={(rate) => void run({ action: 'CONFIRM_CONTRACT', id: request.id, rate })}
        />
      )}
      {request.status === 'WAIT_EXCHANGE_RATE' && <Typography.Text type="secondary">{t('contract.waitingRate')}</Typography.Text>}
      <RequestDetailView request={request} zone={zone} />
      <ProofModal
        open={proofOpen}
        zone={zone}
        pending={action.isPending}
        error={proofOpen ? error : null}
        onCancel={() => setProofOpen(false)}
        onSubmit={(proof) => void run({ action: 'SUBMIT_PROOF', request: { id: request.id, ...proof } }, () => setProofOpen(false))}
      />
      <DecisionModal
        kind={decision}
        requestNo={request.requestNo}
        pending={action.isPending}
        error={decision ? error : null}
        onCancel={() => setDecision(null)}
        onConfirm={(reason) =>
          decision && void run({ action: decision, id: request.id, ...(reason ? { reason } : {}) }, () => setDecision(null))
        }
      />
      {confirmHolder}
    </Flex>
  );
}

/** `/accounting/funding-detail/:id`. */
export function TopupDetailPage() {
  return <RequestDetailPage kind="TOPUP" />;
}

/** `/accounting/withdraws-detail/:id`. */
export function WithdrawalDetailPage() {
  return <RequestDetailPage kind="WITHDRAWAL" />;
}

/** `/accounting/exchange-detail/:id`. */
export function ExchangeDetailPage() {
  return <RequestDetailPage kind="EXCHANGE" />;
}

/** `/setting/sub-merchant-detail/:id`. */
export function SubTransferDetailPage() {
  return <RequestDetailPage kind="SUB_TRANSFER" />;
}

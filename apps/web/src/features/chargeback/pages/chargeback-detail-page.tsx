import { utcOffsetLabel } from '@andes/contract/common/countries';
import { formatDateTime } from '@andes/contract/common/dates';
import { RecordId } from '@andes/contract/common/fields';
import { formatCents } from '@andes/contract/common/money';
import type { ChargebackDefenseRequest, ChargebackDetail } from '@andes/contract/risk/schemas';
import { Alert, Button, Col, Flex, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { notify } from '../../../shared/api/notifier.ts';
import { Can } from '../../../shared/auth/can.tsx';
import { usePermission } from '../../../shared/auth/use-permissions.ts';
import { useDisplayTimeZone, useSelectedArea } from '../../../shared/auth/use-selected-area.ts';
import { NOT_FOUND_PATH } from '../../../shared/navigation/paths.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { useConfirm } from '../../../shared/ui/use-confirm.tsx';
import { useChargebackAccept, useChargebackDefense, useChargebackDetail } from '../api/chargeback-calls.ts';
import { CHARGEBACK_LIST_PATH } from '../chargeback-paths.ts';
import { ChargebackDetailView } from '../components/chargeback-detail-view.tsx';
import { ChargebackStatusTag } from '../components/chargeback-status.tsx';
import { DefenseForm } from '../components/defense-form.tsx';
import { EvidenceChecklist } from '../components/evidence-checklist.tsx';
import { useChargebackText } from '../hooks/use-chargeback-text.ts';

/** `/risk/chargeback-represent-detail/:id` (`?hideBack=1` when opened in a new tab). */
export function ChargebackDetailPage() {
  const { t } = useTranslation('chargeback');
  const { id: raw } = useParams();
  const parsed = RecordId.safeParse(Number(raw));
  const id = parsed.success && /^\d+$/.test(raw ?? '') ? parsed.data : null;
  const query = useChargebackDetail(id);
  const { areas } = useSelectedArea();
  const displayZone = useDisplayTimeZone();
  if (id === null) return <Navigate to={NOT_FOUND_PATH} replace />;
  const chargeback = query.data;
  // Times in the zone of the chargeback's country when it is one of the user's areas (else the selected one).
  const zone = (chargeback && areas.find((a) => a.code === chargeback.country)?.timezoneName) ?? displayZone;
  return (
    <>
      <PageHeader
        title={chargeback ? t('detail.title', { ref: chargeback.merchantReference }) : t('detail.loading')}
        back={CHARGEBACK_LIST_PATH}
      />
      <QueryStatus query={query} />
      {chargeback && <ChargebackScreen chargeback={chargeback} zone={zone} />}
    </>
  );
}

/** A deadline passed without a defence: the chargeback is open, the defence no longer possible. */
function isPastDeadline(chargeback: ChargebackDetail): boolean {
  return chargeback.status === 'CHARGE_BACK' && (chargeback.bucket === 'OVERDUE' || (chargeback.daysLeft ?? 0) < 0);
}

/**
 * The chargeback's status and actions (accept, with an irreversible-action confirm), why a defence
 * is no longer possible after the deadline, the defence form with the evidence checklist while it
 * can be defended, and every field with the history.
 */
function ChargebackScreen({ chargeback, zone }: { chargeback: ChargebackDetail; zone: string }) {
  const { t } = useTranslation('chargeback');
  const text = useChargebackText();
  const defense = useChargebackDefense();
  const accept = useChargebackAccept();
  const [confirm, confirmHolder] = useConfirm();
  const [error, setError] = useState<string | null>(null);
  const actions = new Set(chargeback.actions);
  // The server narrows the actions to the caller's permissions; the buttons are gated here too.
  const mayDefend = usePermission('risk:chargeback:defense');
  const canDefend = actions.has('DEFEND') && mayDefend;
  const ref = chargeback.merchantReference;

  const defend = (request: ChargebackDefenseRequest) => {
    if (defense.isPending) return;
    setError(null);
    defense.mutate(request, {
      onSuccess: () => notify.success(t('defense.done', { ref })),
      onError: (failure) => setError(text.failure(failure)),
    });
  };
  const askAccept = () =>
    confirm({
      title: t('accept.confirm', { ref }),
      content: t('accept.hint', { amount: formatCents(chargeback.disputeAmount, chargeback.currency) }),
      okText: t('accept.ok'),
      danger: true,
      onOk: () =>
        accept.mutateAsync(chargeback.id).then(
          () => notify.success(t('accept.done', { ref })),
          (failure: unknown) => notify.error(text.failure(failure)),
        ),
    });

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} align="center" wrap justify="space-between">
        <Flex gap={8} align="center" wrap>
          <ChargebackStatusTag status={chargeback.status} />
          <Typography.Text type="secondary">{t('timesIn', { zone: `${zone}, ${utcOffsetLabel(zone)}` })}</Typography.Text>
        </Flex>
        {actions.has('ACCEPT') && (
          <Can permission="risk:chargeback:accept">
            <Button danger onClick={askAccept} loading={accept.isPending}>
              {t('accept.button')}
            </Button>
          </Can>
        )}
      </Flex>
      {isPastDeadline(chargeback) && !actions.has('DEFEND') && (
        <Alert
          type="warning"
          showIcon
          title={t('detail.deadlinePassed', { deadline: formatDateTime(chargeback.deadline, zone) })}
          description={t('detail.deadlinePassedHint')}
        />
      )}
      <Row gutter={[16, 16]}>
        {/* The evidence to gather first, then the form that sends it. */}
        <Col xs={24} lg={canDefend ? 10 : 24}>
          <EvidenceChecklist reasonCode={chargeback.reasonCode} items={chargeback.checklist} />
        </Col>
        {canDefend && (
          <Col xs={24} lg={14}>
            <DefenseForm id={chargeback.id} pending={defense.isPending} error={error} onSubmit={defend} />
          </Col>
        )}
      </Row>
      <ChargebackDetailView chargeback={chargeback} zone={zone} />
      {confirmHolder}
    </Flex>
  );
}

import { utcOffsetLabel } from '@andes/contract/common/countries';
import { formatDateTime } from '@andes/contract/common/dates';
import { RecordId } from '@andes/contract/common/fields';
import type { CaseDetail } from '@andes/contract/support/schemas';
import { Alert, Button, Card, Col, Flex, Row, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { Can } from '../../../shared/auth/can.tsx';
import { usePermission } from '../../../shared/auth/use-permissions.ts';
import { useDisplayTimeZone, useSelectedArea } from '../../../shared/auth/use-selected-area.ts';
import { useNow } from '../../../shared/hooks/use-now.ts';
import { NOT_FOUND_PATH } from '../../../shared/navigation/paths.ts';
import { useAppNavigate } from '../../../shared/navigation/use-app-navigate.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { useCaseDetail } from '../api/support-calls.ts';
import { CaseDetailView } from '../components/case-detail-view.tsx';
import { CaseStatusTag } from '../components/case-status.tsx';
import { CaseThread } from '../components/case-thread.tsx';
import type { CaseDecision } from '../components/instructions-modal.tsx';
import { LinkedTransaction } from '../components/linked-transaction.tsx';
import { ReplyBox } from '../components/reply-box.tsx';
import { TimeSinceText } from '../components/time-since-text.tsx';
import { useCaseDecision } from '../hooks/use-case-decision.tsx';
import { CASE_LIST_PATH, editCasePath } from '../support-paths.ts';
import { secondsNow } from '../time-since.ts';

/** `/support-center/case-detail/:id`. */
export function CaseDetailPage() {
  const { t } = useTranslation('support');
  const { id: raw } = useParams();
  const parsed = RecordId.safeParse(Number(raw));
  const id = parsed.success && /^\d+$/.test(raw ?? '') ? parsed.data : null;
  const query = useCaseDetail(id, { poll: true });
  const { areas } = useSelectedArea();
  const displayZone = useDisplayTimeZone();
  if (id === null) return <Navigate to={NOT_FOUND_PATH} replace />;
  const detail = query.data;
  // Times in the zone of the case's country when it is one of the user's areas (else the selected one).
  const zone = (detail && areas.find((a) => a.code === detail.country)?.timezoneName) ?? displayZone;
  return (
    <>
      <PageHeader title={detail ? t('detail.title', { caseNo: detail.caseNo }) : t('detail.loading')} back={CASE_LIST_PATH} />
      <QueryStatus query={query} />
      {detail && <CaseScreen detail={detail} zone={zone} receivedAt={query.dataUpdatedAt} />}
    </>
  );
}

/** The time since each side's last reply, moving on between reloads. */
function ReplyClocks({ detail, receivedAt }: { detail: CaseDetail; receivedAt: number }) {
  const { t } = useTranslation('support');
  const now = useNow(30_000);
  const merchant = secondsNow(detail.secondsSinceMerchantReply, receivedAt, now);
  const provider = secondsNow(detail.secondsSinceProviderReply, receivedAt, now);
  return (
    <Card size="small">
      <Row gutter={[16, 8]}>
        <Col xs={24} sm={12}>
          <Statistic title={t('detail.sinceMerchant')} valueRender={() => <TimeSinceText seconds={merchant} none={t('since.none')} />} />
        </Col>
        <Col xs={24} sm={12}>
          <Statistic title={t('detail.sinceProvider')} valueRender={() => <TimeSinceText seconds={provider} none={t('since.none')} />} />
        </Col>
      </Row>
      {detail.awaitingProvider && detail.status !== 'CLOSED' && (
        <Typography.Text type="secondary">{t('detail.awaitingProvider')}</Typography.Text>
      )}
    </Card>
  );
}

/**
 * A case (spec §3, §4; issue #14): its status and actions — edit while PENDING or PROCESSING, close
 * and reopen each with instructions — the time since each side's last reply, every field, the
 * linked transaction's live state and history, the thread and the reply box. The case and its
 * thread reload every 15 s and on focus, so the provider's replies appear by themselves.
 */
function CaseScreen({ detail, zone, receivedAt }: { detail: CaseDetail; zone: string; receivedAt: number }) {
  const { t } = useTranslation('support');
  const navigate = useAppNavigate();
  const [asked, setAsked] = useState<CaseDecision | null>(null);
  const decision = useCaseDecision(asked ? { kind: asked, case: detail } : null, () => setAsked(null));
  const canEditRoute = usePermission('support:edit-case');
  const actions = new Set(detail.actions);

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} align="center" wrap justify="space-between">
        <Flex gap={8} align="center" wrap>
          <CaseStatusTag status={detail.status} />
          <Typography.Text type="secondary">{t('timesIn', { zone: `${zone}, ${utcOffsetLabel(zone)}` })}</Typography.Text>
        </Flex>
        <Flex gap={8} wrap>
          {actions.has('EDIT') && canEditRoute && (
            <Can permission="support:case:edit">
              <Button onClick={() => navigate(editCasePath(detail.id))}>{t('action.edit')}</Button>
            </Can>
          )}
          {actions.has('CLOSE') && (
            <Can permission="support:case:close">
              <Button danger onClick={() => setAsked('close')}>
                {t('action.closeCase')}
              </Button>
            </Can>
          )}
          {actions.has('REOPEN') && (
            <Can permission="support:case:reopen">
              <Button type="primary" onClick={() => setAsked('reopen')}>
                {t('action.reopenCase')}
              </Button>
            </Can>
          )}
        </Flex>
      </Flex>
      {detail.status === 'CLOSED' && (
        <Alert
          type="info"
          showIcon
          title={
            detail.reopenUntil
              ? t('detail.closedReopenUntil', { until: formatDateTime(detail.reopenUntil, zone) })
              : t('detail.closedNoReopen')
          }
        />
      )}
      <ReplyClocks detail={detail} receivedAt={receivedAt} />
      <CaseDetailView detail={detail} zone={zone} />
      <LinkedTransaction transaction={detail.transaction} zone={zone} />
      <CaseThread caseId={detail.id} zone={zone} />
      {actions.has('REPLY') && <ReplyBox detail={detail} />}
      {decision.modal}
    </Flex>
  );
}

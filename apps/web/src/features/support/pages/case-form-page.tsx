import type { AreaAuthority } from '@andes/contract/common/countries';
import { RecordId } from '@andes/contract/common/fields';
import type { CaseDetail } from '@andes/contract/support/schemas';
import { Alert, Button, Empty, Form, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { notify } from '../../../shared/api/notifier.ts';
import { useSelectedArea } from '../../../shared/auth/use-selected-area.ts';
import { newRequestId } from '../../../shared/form/request-id.ts';
import { NOT_FOUND_PATH } from '../../../shared/navigation/paths.ts';
import { useAppNavigate } from '../../../shared/navigation/use-app-navigate.ts';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { serverFieldErrors } from '../../../shared/ui/form-errors.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { QueryStatus } from '../../../shared/ui/query-status.tsx';
import { useCaseDetail, useCaseEdit, useCaseSave } from '../api/support-calls.ts';
import {
  type CaseFormValues,
  editRequestOf,
  initialCreateValues,
  initialEditValues,
  prefilledOf,
  REQUEST_FIELD_OF,
  saveRequestOf,
} from '../case-form.ts';
import { CaseForm } from '../components/case-form.tsx';
import { useSupportText } from '../hooks/use-support-text.ts';
import { CASE_LIST_PATH, caseDetailPath } from '../support-paths.ts';

/** The server's field errors on the form's fields (the request's `fileIds` is the appendices' field). */
function useServerErrors() {
  const text = useSupportText();
  return (form: ReturnType<typeof Form.useForm<CaseFormValues>>[0], failure: unknown) => {
    const errors = serverFieldErrors(failure, Object.keys(REQUEST_FIELD_OF)).map((e) => ({
      name: [REQUEST_FIELD_OF[e.name[0]] ?? e.name[0]] as never,
      errors: e.errors.map((m) => text.message(m)),
    }));
    if (errors.length > 0) form.setFields(errors);
    return text.failure(failure);
  };
}

/** `/support-center/create-case` (`?uniqueId=…&transactionType=…&productType=…&country=…` from a transaction). */
export function CreateCasePage() {
  const { t } = useTranslation('support');
  const { area, areas } = useSelectedArea();
  if (!area) return <Empty description={t('noCountry')} />;
  return <CreateCaseScreen area={area} areas={areas} />;
}

/**
 * Opens a case: one idempotency key per opening of the page, sent with every try (a double click,
 * or a retry after a lost answer, opens one case). A case about a transaction that already has an
 * open case leads to that case instead (the server answers it, nothing is created).
 */
function CreateCaseScreen({ area, areas }: { area: AreaAuthority; areas: readonly AreaAuthority[] }) {
  const { t } = useTranslation('support');
  const navigate = useAppNavigate();
  const [params] = useSearchParams();
  const email = useAppStore((s) => s.currentUser?.email ?? null);
  const [form] = Form.useForm<CaseFormValues>();
  const [idempotencyKey] = useState(newRequestId);
  const [error, setError] = useState<string | null>(null);
  const save = useCaseSave();
  const fieldErrors = useServerErrors();
  const [initial] = useState(() => {
    const transaction = prefilledOf(params);
    const country = areas.find((a) => a.code === transaction?.country)?.code ?? area.code;
    return { transaction, values: initialCreateValues(country, email, transaction) };
  });

  // Set at once (not at the next render): a double click sends one request.
  const sending = useRef(false);

  const submit = (values: CaseFormValues) => {
    if (sending.current) return;
    sending.current = true;
    setError(null);
    save.mutate(saveRequestOf(values, idempotencyKey), {
      onSettled: () => {
        sending.current = false;
      },
      onSuccess: (result) => {
        if (result.outcome === 'OPEN_CASE_EXISTS') {
          notify.info(t('server.duplicateOpenCase', { caseNo: result.case.caseNo }), { durationMs: 8_000, key: 'case-exists' });
        } else {
          notify.success(t('done.created', { caseNo: result.case.caseNo }));
        }
        navigate(caseDetailPath(result.case.id), { replace: true });
      },
      onError: (failure) => setError(fieldErrors(form, failure)),
    });
  };

  return (
    <>
      <PageHeader title={t('form.createTitle')} back={CASE_LIST_PATH} />
      <Typography.Paragraph type="secondary">
        {initial.transaction ? t('form.fromTransaction', { uniqueId: initial.transaction.uniqueId }) : t('form.intro')}
      </Typography.Paragraph>
      <CaseForm
        form={form}
        mode="create"
        areas={areas}
        initialValues={initial.values}
        pending={save.isPending}
        error={error}
        submitLabel={t('form.submitCreate')}
        onSubmit={submit}
        onCancel={() => navigate(-1)}
      />
    </>
  );
}

/** `/support-center/edit-case/:id`: only while the case is PENDING or PROCESSING. */
export function EditCasePage() {
  const { t } = useTranslation('support');
  const { id: raw } = useParams();
  const parsed = RecordId.safeParse(Number(raw));
  const id = parsed.success && /^\d+$/.test(raw ?? '') ? parsed.data : null;
  const query = useCaseDetail(id);
  if (id === null) return <Navigate to={NOT_FOUND_PATH} replace />;
  const detail = query.data;
  return (
    <>
      <PageHeader
        title={detail ? t('form.editTitle', { caseNo: detail.caseNo }) : t('form.editLoading')}
        back={detail ? caseDetailPath(detail.id) : CASE_LIST_PATH}
      />
      <QueryStatus query={query} />
      {/* The values typed stay while the case reloads; a save names the version last loaded. */}
      {detail && <EditCaseScreen key={detail.id} detail={detail} />}
    </>
  );
}

function EditCaseScreen({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation('support');
  const navigate = useAppNavigate();
  const { areas } = useSelectedArea();
  const [form] = Form.useForm<CaseFormValues>();
  const [error, setError] = useState<string | null>(null);
  const edit = useCaseEdit();
  const fieldErrors = useServerErrors();
  const [initial] = useState(() => initialEditValues(detail));
  const sending = useRef(false);
  const caseAreas = areas.some((a) => a.code === detail.country) ? areas : [...areas, { code: detail.country } as AreaAuthority];

  if (!detail.actions.includes('EDIT')) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('form.notEditable', { status: t(`status.${detail.status}`) })}
        action={
          <Button size="small" onClick={() => navigate(caseDetailPath(detail.id))}>
            {t('form.backToCase')}
          </Button>
        }
      />
    );
  }

  const submit = (values: CaseFormValues) => {
    if (sending.current) return;
    sending.current = true;
    setError(null);
    edit.mutate(editRequestOf(values, detail.id, detail.version), {
      onSettled: () => {
        sending.current = false;
      },
      onSuccess: (saved) => {
        notify.success(t('done.edited', { caseNo: saved.caseNo }));
        navigate(caseDetailPath(saved.id), { replace: true });
      },
      onError: (failure) => setError(fieldErrors(form, failure)),
    });
  };

  return (
    <CaseForm
      form={form}
      mode="edit"
      areas={caseAreas}
      initialValues={initial}
      pending={edit.isPending}
      error={error}
      submitLabel={t('form.submitEdit')}
      onSubmit={submit}
      onCancel={() => navigate(caseDetailPath(detail.id))}
    />
  );
}

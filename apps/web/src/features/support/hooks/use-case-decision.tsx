import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/api/notifier.ts';
import { useCaseAction } from '../api/support-calls.ts';
import { type CaseDecision, InstructionsModal } from '../components/instructions-modal.tsx';
import { useSupportText } from './use-support-text.ts';

/** The case a close or reopen dialog is about. */
export interface DecisionTarget {
  kind: CaseDecision;
  case: { id: number; caseNo: string; version: number };
}

/**
 * A close or reopen dialog about `target` (null: closed): one request id per opening, made by the
 * dialog (a double click or a retry applies once), the server's refusal shown in the dialog,
 * success told and the dialog closed through `onClose`.
 */
export function useCaseDecision(target: DecisionTarget | null, onClose: () => void) {
  const { t } = useTranslation('support');
  const text = useSupportText();
  const action = useCaseAction();
  const [error, setError] = useState<string | null>(null);
  const kind = target?.kind ?? null;
  const id = target?.case.id ?? null;

  const sending = useRef(false);
  // The opening whose action went through: a click that lands after (a double click) sends nothing.
  const done = useRef<string | null>(null);

  const confirm = (instructions: string, requestId: string) => {
    if (!target || sending.current || done.current === requestId) return;
    sending.current = true;
    setError(null);
    const { caseNo } = target.case;
    action.mutate(
      {
        action: target.kind === 'close' ? 'CLOSE' : 'REOPEN',
        request: { id: target.case.id, version: target.case.version, requestId, instructions },
      },
      {
        onSettled: () => {
          sending.current = false;
        },
        onSuccess: () => {
          done.current = requestId;
          notify.success(t(`done.${target.kind}`, { caseNo }));
          onClose();
        },
        onError: (failure) => setError(text.failure(failure)),
      },
    );
  };

  // One dialog per opening: closing a case and at once reopening it starts from a fresh dialog
  // (the closing one's confirm button kept its loading state through the quick second opening).
  const modal = (
    <InstructionsModal
      key={`${kind}:${id}`}
      kind={kind}
      caseNo={target?.case.caseNo ?? ''}
      pending={action.isPending}
      error={target ? error : null}
      onCancel={() => {
        setError(null);
        onClose();
      }}
      onConfirm={confirm}
    />
  );
  return { modal };
}

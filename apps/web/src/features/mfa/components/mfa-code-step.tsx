import type { MfaCodeRequest } from '@andes/contract/mfa/schemas';
import { Flex, Typography } from 'antd';
import { type ReactNode, useId, useState } from 'react';
import { errorMessage } from '../../../shared/api/errors.ts';
import { MfaCodeInput } from './mfa-code-input.tsx';

/** What this step needs of the mutation that sends the code (a TanStack `useMutation` result). */
interface CodeMutation<Answer> {
  isPending: boolean;
  mutate(request: MfaCodeRequest, callbacks: { onSuccess(answer: Answer): void; onError(failure: unknown): void }): void;
}

interface MfaCodeStepProps<Answer> {
  /** What the step is for, above the input. */
  text: string;
  /** The accessible name of the code input. */
  label: string;
  mutation: CodeMutation<Answer>;
  /** The recovery codes of an answer that accepts the code; null when the server refused it. */
  codesOf(answer: Answer): string[] | null;
  /** Shown when the server refused the code. */
  refusedMessage: string;
  onCodes(codes: string[]): void;
  /** The buttons under the input (back or cancel). */
  actions: ReactNode;
}

/**
 * A current code from the authenticator app that, once accepted, answers new recovery codes
 * (activating MFA, regenerating the codes). The code submits at 6 digits; a refused code or a
 * failure clears the input and says why under it.
 */
export function MfaCodeStep<Answer>({ text, label, mutation, codesOf, refusedMessage, onCodes, actions }: MfaCodeStepProps<Answer>) {
  const errorId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const fail = (message: string) => {
    setError(message);
    setCode('');
  };
  const submit = (authCode: string) => {
    setError(null);
    mutation.mutate(
      { authCode },
      {
        onSuccess: (answer) => {
          const codes = codesOf(answer);
          if (codes) onCodes(codes);
          else fail(refusedMessage);
        },
        onError: (failure) => fail(errorMessage(failure)),
      },
    );
  };

  return (
    <Flex vertical gap={12}>
      <Typography.Text>{text}</Typography.Text>
      <MfaCodeInput
        label={label}
        value={code}
        onChange={(next) => {
          setCode(next);
          setError(null);
        }}
        onComplete={submit}
        disabled={mutation.isPending}
        invalid={error !== null}
        describedBy={error ? errorId : undefined}
        autoFocus
      />
      {error && (
        <Typography.Text id={errorId} type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
      {actions}
    </Flex>
  );
}

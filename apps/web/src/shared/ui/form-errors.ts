import { ResultCode, ValidationErrorData } from '@andes/contract/common/envelope';
import { ApiError } from '../api/errors.ts';

/** A field error as antd's `form.setFields` takes it. */
export interface FieldError<F extends string = string> {
  name: [F];
  errors: string[];
}

/**
 * The field errors of a VALIDATION_FAILED answer (`data.issues`, paths like `roleIds.0`), grouped
 * by the form field they belong to (the first path segment); empty for any other failure.
 */
export function serverFieldErrors<F extends string>(error: unknown, fields: readonly F[]): FieldError<F>[] {
  if (!(error instanceof ApiError) || error.code !== ResultCode.VALIDATION_FAILED) return [];
  const parsed = ValidationErrorData.safeParse(error.data);
  if (!parsed.success) return [];
  const byField = new Map<F, string[]>();
  for (const issue of parsed.data.issues) {
    const field = fields.find((f) => f === issue.path.split('.')[0]);
    if (field === undefined) continue;
    byField.set(field, [...(byField.get(field) ?? []), issue.message]);
  }
  return [...byField].map(([field, errors]): FieldError<F> => ({ name: [field], errors }));
}

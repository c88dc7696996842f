import type { ParamValue } from './url-params.ts';

/** Query parameters of the dialog or drawer open over a list (CONVENTIONS §4.6). */
export const DIALOG_PARAM = 'dialog';
export const DIALOG_ID_PARAM = 'id';

export interface ListDialog<K extends string> {
  kind: K;
  /** The row the dialog is about; null for dialogs about no row (add). */
  id: number | null;
}

/**
 * The dialog the URL names: one of `kinds`, with a positive integer `id` when the kind is about a
 * row (`withId`). Anything else (unknown kind, missing id) means no dialog.
 */
export function readDialog<K extends string>(params: URLSearchParams, kinds: readonly K[], withId: readonly K[]): ListDialog<K> | null {
  const kind = kinds.find((k) => k === params.get(DIALOG_PARAM));
  if (kind === undefined) return null;
  if (!withId.includes(kind)) return { kind, id: null };
  const id = Number(params.get(DIALOG_ID_PARAM));
  return Number.isSafeInteger(id) && id > 0 ? { kind, id } : null;
}

/** The parameters that open `dialog`, or close any (null). */
export function dialogPatch<K extends string>(dialog: ListDialog<K> | null): Record<string, ParamValue> {
  return { [DIALOG_PARAM]: dialog?.kind, [DIALOG_ID_PARAM]: dialog?.id ?? undefined };
}

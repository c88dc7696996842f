import type { MessageCategory } from '@andes/contract/message/schemas';
import type { TFunction } from 'i18next';

/** What a notice's localized text needs from its params (docs/decisions/0030). */
const NOTICE_PARAMS: Record<Exclude<MessageCategory, 'PROVIDER'>, readonly string[]> = {
  REPORT_READY: ['fileName', 'rows', 'days'],
  PAYOUT_APPROVAL: ['count', 'total', 'country', 'creator'],
  CASE_REPLIED: ['caseNo', 'title'],
  BALANCE_ALARM: ['account', 'balance', 'threshold'],
};

export interface MessageLike {
  category: MessageCategory;
  title: string;
  content: string;
  params: Record<string, string | number> | null;
}

/**
 * The title and content to show: the provider's own words, or a system notice's in the user's
 * language from its params (its stored English when the params lack a figure). Plain text either
 * way: the caller renders it as text, never as HTML.
 */
export function messageText(t: TFunction<'message'>, m: MessageLike): { title: string; content: string } {
  if (m.category === 'PROVIDER') return { title: m.title, content: m.content };
  const params = m.params ?? {};
  if (!NOTICE_PARAMS[m.category].every((name) => params[name] !== undefined)) return { title: m.title, content: m.content };
  // Interpolated values are not escaped: the text is rendered as text nodes, never as HTML.
  const options = { ...params, interpolation: { escapeValue: false } };
  return { title: t(`notice.${m.category}.title`, options), content: t(`notice.${m.category}.content`, options) };
}

import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { messageText } from './message-text.ts';

const files = import.meta.glob<Record<string, string>>('../../locales/*/message.json', { eager: true, import: 'default' });
const en = files['../../locales/en/message.json'] ?? {};
const zh = files['../../locales/zh-CN/message.json'] ?? {};

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: { en: { message: en }, 'zh-CN': { message: zh } }, keySeparator: false, nsSeparator: false });
});

const notice = { category: 'CASE_REPLIED' as const, title: 'Case C-1 has a new reply', content: 'Ana replied to “Late payout”.' };

describe('messageText', () => {
  it('keeps the provider’s words', () => {
    const t = i18next.getFixedT('zh-CN', 'message');
    expect(messageText(t, { category: 'PROVIDER', title: 'Hi <b>', content: 'x', params: null })).toEqual({
      title: 'Hi <b>',
      content: 'x',
    });
  });

  it('tells a notice in the user’s language from its params, unescaped (it is rendered as text)', () => {
    const t = i18next.getFixedT('zh-CN', 'message');
    expect(messageText(t, { ...notice, params: { caseNo: 'C-1', title: 'Late & <lost>' } })).toEqual({
      title: '工单 C-1 有新回复',
      content: '服务商支持团队回复了“Late & <lost>”。',
    });
  });

  it('falls back to the stored English when a figure is missing', () => {
    const t = i18next.getFixedT('zh-CN', 'message');
    expect(messageText(t, { ...notice, params: { caseNo: 'C-1' } })).toEqual({ title: notice.title, content: notice.content });
    expect(messageText(t, { ...notice, params: null })).toEqual({ title: notice.title, content: notice.content });
  });
});

import { LANGUAGES } from '@andes/contract/common/constants';
import { PERMISSION_CODES } from '@andes/contract/permissions/registry';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './i18n.ts';

const files = import.meta.glob<Record<string, string>>('../../locales/*/*.json', { eager: true, import: 'default' });

function strings(language: string, namespace: string): Record<string, string> {
  const found = files[`../../locales/${language}/${namespace}.json`];
  if (!found) throw new Error(`missing locales/${language}/${namespace}.json`);
  return found;
}

describe('locales', () => {
  it('has exactly the declared namespaces in every language', () => {
    for (const language of LANGUAGES) {
      const present = Object.keys(files)
        .filter((path) => path.includes(`/locales/${language}/`))
        .map((path) => path.replace(/^.*\/(.+)\.json$/, '$1'))
        .sort();
      expect(present).toEqual([...NAMESPACES].sort());
    }
  });

  it.each([...NAMESPACES])('%s: en and zh-CN have the same keys, none empty', (namespace) => {
    const en = strings('en', namespace);
    const zh = strings('zh-CN', namespace);
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const [key, value] of [...Object.entries(en), ...Object.entries(zh)]) expect(value.trim(), key).not.toBe('');
  });

  it.each([...LANGUAGES])('%s: every permission code has a label, and no label is for an unknown code', (language) => {
    const labels = strings(language, 'permissions');
    expect(PERMISSION_CODES.filter((code) => !(code in labels))).toEqual([]);
    expect(Object.keys(labels).filter((key) => !(PERMISSION_CODES as readonly string[]).includes(key))).toEqual([]);
  });

  it.each([...NAMESPACES])('%s: placeholders match between languages', (namespace) => {
    const en = strings('en', namespace);
    const zh = strings('zh-CN', namespace);
    const placeholders = (text: string | undefined) => [...(text ?? '').matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(en)) expect(placeholders(zh[key]), key).toEqual(placeholders(en[key]));
  });
});

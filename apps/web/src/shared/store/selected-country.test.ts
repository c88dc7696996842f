import { areaAuthorityOf } from '@andes/contract/common/countries';
import { describe, expect, it } from 'vitest';
import { demoUser } from '../../test/fixtures.ts';
import { STORE_KEY, sanitizePersisted, useAppStore } from './app-store.ts';
import { resolveSelectedArea } from './selected-country.ts';

const br = areaAuthorityOf('BR');
const mx = areaAuthorityOf('MX');
const co = areaAuthorityOf('CO');

describe('resolveSelectedArea', () => {
  it('keeps the stored country while it is authorised', () => {
    expect(resolveSelectedArea([br, mx, co], 'MX')).toBe(mx);
  });

  it('falls back to the first authorised area when the stored one was withdrawn', () => {
    expect(resolveSelectedArea([br, co], 'MX')).toBe(br);
  });

  it('takes the first authorised area when nothing is stored', () => {
    expect(resolveSelectedArea([co, br], undefined)).toBe(co);
  });

  it('has no country without authorised areas', () => {
    expect(resolveSelectedArea([], 'BR')).toBeNull();
  });
});

describe('persisted store', () => {
  it('keeps the selected country per user under the "andes" key', () => {
    useAppStore.getState().setCountry(7, 'MX');
    useAppStore.getState().setCountry(8, 'CO');
    const saved = JSON.parse(localStorage.getItem(STORE_KEY) ?? '{}') as { state: { countryByUser: Record<string, string> } };
    expect(saved.state.countryByUser).toEqual({ '7': 'MX', '8': 'CO' });
  });

  it('forgets the session on sign-out but keeps language and countries', () => {
    const store = useAppStore.getState();
    store.setLanguage('zh-CN');
    store.setToken('secret');
    store.setCurrentUser(demoUser);
    store.setCountry(demoUser.id, 'MX');
    store.clearSession();
    const after = useAppStore.getState();
    expect(after.token).toBeNull();
    expect(after.currentUser).toBeNull();
    expect(after.language).toBe('zh-CN');
    expect(after.countryByUser).toEqual({ '7': 'MX' });
  });

  it('drops malformed stored values instead of trusting them', () => {
    expect(
      sanitizePersisted({
        language: 'fr',
        token: 42,
        currentUser: { id: 'x' },
        currentMenu: { key: 'home' },
        countryByUser: { '1': 'BR', '2': 'XX' },
      }),
    ).toEqual({ language: 'en', token: null, currentUser: null, currentMenu: null, countryByUser: { '1': 'BR' } });
    expect(sanitizePersisted('garbage').language).toBe('en');
  });
});

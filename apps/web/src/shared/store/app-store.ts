import { CurrentUser } from '@andes/contract/auth/schemas';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@andes/contract/common/constants';
import { type Country, CountrySchema } from '@andes/contract/common/countries';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** localStorage key of the per-browser state (spec §9: language, country, token, current user, current menu). */
export const STORE_KEY = 'andes';

/** The route the user was last on: its menu key, its path and whether it is a hidden route. */
export interface CurrentMenu {
  key: string;
  path: string;
  hidden: boolean;
}

export interface PersistedState {
  language: Language;
  token: string | null;
  currentUser: CurrentUser | null;
  currentMenu: CurrentMenu | null;
  /** Selected country per user id. */
  countryByUser: Record<string, Country>;
}

export interface AppState extends PersistedState {
  setLanguage(language: Language): void;
  setToken(token: string | null): void;
  setCurrentUser(user: CurrentUser | null): void;
  setCurrentMenu(menu: CurrentMenu | null): void;
  setCountry(userId: number, country: Country): void;
  /** Forgets the session (token, user, current menu); language and country choices stay. */
  clearSession(): void;
}

const initialState: PersistedState = {
  language: DEFAULT_LANGUAGE,
  token: null,
  currentUser: null,
  currentMenu: null,
  countryByUser: {},
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads what localStorage held, keeping only well-formed values: a hand-edited or older entry
 * must never crash the app or smuggle in a value the types do not allow.
 */
export function sanitizePersisted(raw: unknown): PersistedState {
  if (!isRecord(raw)) return { ...initialState };
  const language = (LANGUAGES as readonly unknown[]).includes(raw.language) ? (raw.language as Language) : DEFAULT_LANGUAGE;
  const token = typeof raw.token === 'string' && raw.token.length > 0 ? raw.token : null;
  const user = CurrentUser.safeParse(raw.currentUser);
  const menu = raw.currentMenu;
  const currentMenu =
    isRecord(menu) && typeof menu.key === 'string' && typeof menu.path === 'string' && typeof menu.hidden === 'boolean'
      ? { key: menu.key, path: menu.path, hidden: menu.hidden }
      : null;
  const countryByUser: Record<string, Country> = {};
  if (isRecord(raw.countryByUser)) {
    for (const [userId, country] of Object.entries(raw.countryByUser)) {
      const parsed = CountrySchema.safeParse(country);
      if (parsed.success) countryByUser[userId] = parsed.data;
    }
  }
  return { language, token, currentUser: user.success ? user.data : null, currentMenu, countryByUser };
}

export const useAppStore = create<AppState>()(
  persist(
    (set) => ({
      ...initialState,
      setLanguage: (language) => set({ language }),
      setToken: (token) => set({ token }),
      setCurrentUser: (currentUser) => set({ currentUser }),
      setCurrentMenu: (currentMenu) => set({ currentMenu }),
      setCountry: (userId, country) => set((s) => ({ countryByUser: { ...s.countryByUser, [String(userId)]: country } })),
      clearSession: () => set({ token: null, currentUser: null, currentMenu: null }),
    }),
    {
      name: STORE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ language, token, currentUser, currentMenu, countryByUser }): PersistedState => ({
        language,
        token,
        currentUser,
        currentMenu,
        countryByUser,
      }),
      merge: (persisted, current) => (persisted === undefined ? current : { ...current, ...sanitizePersisted(persisted) }),
    },
  ),
);

import { DEFAULT_FROM, DEFAULT_LANGUAGE, STORAGE_KEYS, supportedLocale } from '@return-center/contract/zod-free';
import { create } from 'zustand';
import { session } from './storage';

interface OrderLogin {
  email: string;
  order_number: string;
}

/** Session state of spec §3 that the portal uses; the token, language and order login persist in sessionStorage. */
export interface SessionState {
  token: string | null;
  shopUrl: string;
  redirected: boolean;
  from: number;
  orderLogin: OrderLogin;
  language: string;
  setToken: (token: string | null) => void;
  setLanguage: (code: string) => void;
  setOrderLogin: (login: OrderLogin) => void;
  setRedirected: (value: boolean) => void;
  /** Logs out locally: token, redirected flag and order login data go. */
  clear: () => void;
}

const readOrderLogin = (): OrderLogin => {
  try {
    return JSON.parse(session.get(STORAGE_KEYS.orderLogin) ?? '') as OrderLogin;
  } catch {
    return { email: '', order_number: '' };
  }
};

export const useSession = create<SessionState>((set) => ({
  token: session.get(STORAGE_KEYS.token),
  shopUrl: '',
  redirected: session.get(STORAGE_KEYS.redirected) === '1',
  from: DEFAULT_FROM,
  orderLogin: readOrderLogin(),
  // A stored tag such as 'no' or 'zh-TW' is read as the locale it names.
  language: supportedLocale(session.get(STORAGE_KEYS.language) ?? '') ?? DEFAULT_LANGUAGE,
  setToken(token) {
    session.set(STORAGE_KEYS.token, token);
    // A sign-in starts at the orders: a page saved by an earlier session (another shopper's request) is not restored.
    session.set(STORAGE_KEYS.history, null);
    set({ token });
  },
  setLanguage(tag) {
    const language = supportedLocale(tag) ?? DEFAULT_LANGUAGE;
    session.set(STORAGE_KEYS.language, language);
    set({ language });
  },
  setOrderLogin(orderLogin) {
    session.set(STORAGE_KEYS.orderLogin, JSON.stringify(orderLogin));
    set({ orderLogin });
  },
  setRedirected(redirected) {
    session.set(STORAGE_KEYS.redirected, redirected ? '1' : null);
    set({ redirected });
  },
  clear() {
    for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.redirected, STORAGE_KEYS.orderLogin, STORAGE_KEYS.history])
      session.set(key, null);
    set({ token: null, redirected: false, orderLogin: { email: '', order_number: '' } });
  },
}));

export const isLoggedIn = (state: SessionState) => state.token !== null;

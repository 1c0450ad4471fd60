import { consolePath, consoleRoutes, type ConsoleSession } from '@return-center/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, get, setCsrfToken } from './api';
import { applyLanguage, browserLocale } from './i18n';

export const SESSION_KEY = ['session'] as const;

/** The signed-in account and its shop; null when signed out (the session query answers 401). */
export async function fetchSession(): Promise<ConsoleSession | null> {
  try {
    const session = await get(consolePath('session'), consoleRoutes.session.answer);
    setCsrfToken(session.csrf_token);
    return session;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** Asked once per page load (the console's query client starts it at once, beside the page's own code). */
export const sessionQuery = queryOptions({ queryKey: SESSION_KEY, queryFn: fetchSession, staleTime: Infinity });

export const useSession = () => useQuery(sessionQuery);

/** The session every signed-in page has (the app shell renders them only then). */
export function useSignedIn(): ConsoleSession {
  const { data } = useSession();
  if (!data) throw new Error('useSignedIn outside a signed-in page');
  return data;
}

export function useSetSession() {
  const client = useQueryClient();
  return (session: ConsoleSession | null) => {
    if (session) setCsrfToken(session.csrf_token);
    client.setQueryData(SESSION_KEY, session);
    if (!session) client.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
  };
}

/**
 * The console speaks the signed-in member's language, or the browser's while nobody is signed in (issue 33): the
 * frames of both kinds of page (shell, signed-out pages) follow the session with this.
 */
export function useSessionLanguage(session: ConsoleSession | null | undefined): void {
  const language = session?.account.language ?? browserLocale();
  useEffect(() => {
    void applyLanguage(language);
  }, [language]);
}

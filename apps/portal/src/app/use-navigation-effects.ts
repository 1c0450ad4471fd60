import { STORAGE_KEYS } from '@return-center/contract/zod-free';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { portalPath } from '../shared/base-path';
import { embedType, postToParent } from '../shared/embed';
import { isLoggedIn, useSession } from '../shared/session-store';
import { session } from '../shared/storage';

/**
 * Spec §2 navigation rules: the path is saved as the return-history value and restored on the next
 * load, reported to an embedding parent with login changes, and back on the root signs out.
 */
export function useNavigationEffects() {
  const location = useLocation();
  const navigate = useNavigate();
  const loggedIn = useSession(isLoggedIn);
  const clear = useSession((state) => state.clear);
  const restored = useRef(false);

  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const saved = session.get(STORAGE_KEYS.history);
    if (loggedIn && location.pathname === '/' && saved && saved !== '/') void navigate(saved, { replace: true });
  }, [loggedIn, location.pathname, navigate]);

  useEffect(() => {
    if (loggedIn) session.set(STORAGE_KEYS.history, location.pathname);
    postToParent({ type: embedType('route'), path: location.pathname });
  }, [location.pathname, loggedIn]);

  useEffect(() => {
    postToParent({ type: embedType('login'), loggedIn });
  }, [loggedIn]);

  useEffect(() => {
    if (!loggedIn || location.pathname !== '/') return;
    // A guard entry on the root: "back" lands on it and signs out instead of leaving.
    window.history.pushState({ rcRootGuard: true }, '', window.location.href);
    const onPop = () => {
      if (portalPath() === '/') clear();
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [loggedIn, location.pathname, clear]);
}

import { useEffect } from 'react';
import LoginPage from '../features/login/components/login-page';
import { portalRoot } from '../shared/base-path';
import { embedType, postToParent } from '../shared/embed';
import { Frame } from './frame';

// The root without the login's query parameters, as the router would go there; the router, made next, starts there.
const leave = () => window.history.replaceState(null, '', portalRoot);

/**
 * The signed-out root without the router (DESIGN §6 budget): the login page in the page frame, telling an embedding
 * parent what the router's navigation effects would (on the root, signed out). Once signed in, the router takes over.
 */
export function LoginShell({ preloadRouter }: { preloadRouter: () => void }) {
  useEffect(() => {
    postToParent({ type: embedType('route'), path: '/' });
    postToParent({ type: embedType('login'), loggedIn: false });
  }, []);
  return (
    <Frame>
      <LoginPage leave={leave} onEngaged={preloadRouter} />
    </Frame>
  );
}

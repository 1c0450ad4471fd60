import { lazy } from 'react';
import { isLoggedIn, useSession } from '../shared/session-store';

const loadLogin = () => import('../features/login/components/login-page');
const loadOrders = () => import('../features/orders/components/orders-page');
const LoginPage = lazy(loadLogin);
const OrdersPage = lazy(loadOrders);

/**
 * Starts fetching the page the root will show while the configuration is still on its way, so that the two do not
 * wait for each other (the browser keeps the module, and the lazy page finds it loaded).
 */
export function preloadRootPage(): void {
  void (isLoggedIn(useSession.getState()) ? loadOrders() : loadLogin()).catch(() => undefined);
}

/** The root: login when signed out, the orders dashboard when signed in. */
export default function RootPage() {
  const loggedIn = useSession(isLoggedIn);
  return loggedIn ? <OrdersPage /> : <LoginPage />;
}

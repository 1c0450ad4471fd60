import { lazy } from 'react';
import { isLoggedIn, useSession } from '../shared/session-store';

const LoginPage = lazy(() => import('../features/login/components/login-page'));
const OrdersPage = lazy(() => import('../features/orders/components/orders-page'));

/** The root: login when signed out, the orders dashboard when signed in. */
export default function RootPage() {
  const loggedIn = useSession(isLoggedIn);
  return loggedIn ? <OrdersPage /> : <LoginPage />;
}

import { useNavigate } from 'react-router';
import LoginPage from '../features/login/components/login-page';
import { isLoggedIn, useSession } from '../shared/session-store';
import { OrdersPage } from './orders-page';

/** The root: login when signed out, the orders dashboard when signed in. */
export default function RootPage() {
  const loggedIn = useSession(isLoggedIn);
  const navigate = useNavigate();
  return loggedIn ? <OrdersPage /> : <LoginPage leave={() => void navigate('/', { replace: true })} />;
}

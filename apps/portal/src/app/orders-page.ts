import { loadable } from './loadable';

/** The orders page, which the root shows once signed in (router-app.tsx starts loading it for a signed-in shopper). */
export const OrdersPage = loadable(() => import('../features/orders/components/orders-page'));

/** The orders page, which the root shows once signed in (main.tsx starts it early for a signed-in shopper). */
export const loadOrdersPage = () => import('../features/orders/components/orders-page');

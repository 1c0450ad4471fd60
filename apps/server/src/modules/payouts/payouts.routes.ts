import { calls } from '@return-center/contract';
import type { AppContext } from '../../app-context.js';
import { registerCall } from '../../http/register-call.js';

export function payoutsRoutes({ app, authenticate, services }: AppContext): void {
  registerCall(app, calls.wiseCustomerCreate, authenticate, (input, session) =>
    services.payouts.createPayee(session, input),
  );
}

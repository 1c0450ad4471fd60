import { Code, consoleRoutePattern, consoleRoutes, isId, type ConsoleRouteName } from '@return-center/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { errors } from '../../http/app-error.js';
import { describeIssues } from '../../http/register-call.js';
import { setConsoleCookie, staffCaller, type StaffCaller } from './console-auth.js';

const parse = <T extends z.ZodType>(schema: T | undefined, value: unknown): z.output<T> => {
  if (!schema) return undefined as z.output<T>;
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw errors.invalidInput(describeIssues(result.error));
  return result.data;
};
const ok = (data: unknown) => ({ code: Code.Success, msg: 'ok', data: data ?? null });

type Input<N extends ConsoleRouteName> = (typeof consoleRoutes)[N] extends { body: z.ZodType }
  ? z.output<(typeof consoleRoutes)[N]['body']>
  : (typeof consoleRoutes)[N] extends { query: z.ZodType }
    ? z.output<(typeof consoleRoutes)[N]['query']>
    : undefined;

interface Handled<N extends ConsoleRouteName> {
  input: Input<N>;
  caller: StaffCaller;
  id: number;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** The console's own calls under /admin/api (contract `consoleRoutes`): who may call each is said by the contract. */
export function staffRoutes({ app, services, config }: AppContext): void {
  const { staff, merchant, storefront, analytics } = services;
  const sessionSeconds = config.CONSOLE_SESSION_HOURS * 3600;

  function route<N extends ConsoleRouteName>(name: N, handle: (h: Handled<N>) => Promise<unknown>) {
    const def: (typeof consoleRoutes)[ConsoleRouteName] = consoleRoutes[name];
    app.route({
      method: def.method,
      url: consoleRoutePattern(name),
      handler: async (request, reply) => {
        const caller =
          def.access === 'public'
            ? (undefined as unknown as StaffCaller)
            : await staffCaller(staff, request, def.access === 'owner' ? { role: 'owner' } : {});
        const id = Number((request.params as { id?: string }).id ?? 0);
        if ((request.params as { id?: string }).id !== undefined && !isId(id)) throw errors.notFound();
        const input = parse(
          'body' in def ? def.body : 'query' in def ? def.query : undefined,
          'body' in def ? request.body : request.query,
        ) as Input<N>;
        return ok(await handle({ input, caller, id, request, reply }));
      },
    });
  }

  route('signIn', async ({ input, request, reply }) => {
    const { token, session } = await staff.signIn(input, request.ip);
    setConsoleCookie(request, reply, token, sessionSeconds);
    return session;
  });
  route('session', ({ caller }) => staff.describe(caller.account, caller.tokenHash));
  route('signOut', async ({ caller, request, reply }) => {
    await staff.signOut(caller.tokenHash);
    setConsoleCookie(request, reply, '', 0);
    return null;
  });
  route('forgotPassword', ({ input, request }) => staff.forgotPassword(input.email, request.ip));
  route('resetPassword', ({ input }) => staff.resetPassword(input.token, input.password));
  route('acceptInvite', ({ input }) => staff.invitations.accept(input.token, input.name, input.password));
  route('listStaff', ({ caller }) => staff.listStaff(caller.account.shop_id));
  route('invite', ({ input, caller }) => staff.invitations.invite(caller.account, input.email, input.role));
  route('listInvites', ({ caller }) => staff.invitations.pending(caller.account.shop_id));
  route('revokeInvite', ({ caller, id }) => staff.invitations.revoke(caller.account.shop_id, id));
  route('removeStaff', ({ caller, id }) => staff.removeStaff(caller.account, id));
  route('totpSetup', ({ input, caller }) => staff.totpSetup(caller.account, input.code));
  route('totpEnable', ({ input, caller }) => staff.totpEnable(caller.account, input.code, caller.tokenHash));
  route('totpDisable', ({ input, caller }) => staff.totpDisable(caller.account, input.code));
  route('listKeys', ({ caller }) => merchant.keys.list(caller.account.shop_id));
  route('createKey', ({ input, caller }) => merchant.keys.create(caller.account.shop_id, input.label));
  route('revokeKey', async ({ caller, id }) => {
    if (!(await merchant.keys.revoke(caller.account.shop_id, id))) throw errors.notFound();
    return null;
  });
  route('requestCounts', ({ caller }) => merchant.requests.countsByStatus(caller.account.shop_id));
  route('analytics', async ({ input, caller }) =>
    analytics.forShop(await storefront.requireShopById(caller.account.shop_id), input.from, input.to),
  );
}

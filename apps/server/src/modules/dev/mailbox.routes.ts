import { Code } from '@return-center/contract';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { isLocalClient } from '../../http/local-client.js';

const query = z.object({
  to: z.string().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/**
 * GET /dev/mailbox: what the dev transport "sent", newest first. Exists only with MAIL_TRANSPORT=dev, and answers
 * only the person at this machine: to anyone else it holds every sign-in code, so they get the same 404 as a path
 * that does not exist.
 */
export function devMailboxRoutes({ app, mail }: AppContext): void {
  const { mailbox } = mail;
  if (!mailbox) return;
  app.get('/dev/mailbox', async (request, reply) => {
    if (!isLocalClient(request)) {
      reply.callNotFound();
      return reply;
    }
    const parsed = query.safeParse(request.query);
    if (!parsed.success) return reply.status(400).send({ code: Code.InvalidInput, msg: 'Invalid query', data: null });
    return mailbox.list(parsed.data);
  });
}

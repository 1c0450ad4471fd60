// Recipe: open a helpdesk ticket for each new return. Shown with a generic ticket API (HELPDESK_URL, HELPDESK_TOKEN);
// Zendesk, Freshdesk and Gorgias take the same three things: a requester, a subject and a body.
//
//   WEBHOOK_SECRET=whsec_… HELPDESK_URL=https://… HELPDESK_TOKEN=… node helpdesk-ticket.mjs
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.WEBHOOK_SECRET ?? '');

createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', async () => {
    let event;
    try {
      event = webhook.verify(Buffer.concat(chunks).toString('utf8'), request.headers);
    } catch {
      return response.writeHead(401).end();
    }
    if (event.type !== 'request.created') return response.writeHead(204).end();
    const rma = event.data.request;
    const ticket = await fetch(process.env.HELPDESK_URL ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${process.env.HELPDESK_TOKEN ?? ''}` },
      body: JSON.stringify({
        requester: rma.customer_email,
        subject: `Return ${rma.rma} for order ${rma.order_no}`,
        body: rma.items
          .map((item) => `${item.quantity} × ${item.title}: ${item.reason}\n${item.description}`)
          .join('\n\n'),
        // The event id makes a retried delivery find the ticket it already opened, where the helpdesk supports it.
        external_id: event.id,
      }),
    });
    // A failed ticket answers 500, so Return Center tries the delivery again later.
    response.writeHead(ticket.ok ? 204 : 500).end();
  });
}).listen(4002);

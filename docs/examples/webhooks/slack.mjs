// Recipe: post to Slack when a return is created. Verifies the delivery, then calls a Slack incoming webhook.
//
//   WEBHOOK_SECRET=whsec_… SLACK_WEBHOOK_URL=https://hooks.slack.com/services/… node slack.mjs
//
// Subscribe the endpoint to `request.created` (console → Webhooks, or POST /merchant/v1/webhooks).
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.WEBHOOK_SECRET ?? '');
const slack = process.env.SLACK_WEBHOOK_URL ?? '';

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
    response.writeHead(204).end();
    if (event.type !== 'request.created') return;
    const rma = event.data.request;
    const items = rma.items.map((item) => `${item.quantity} × ${item.title} (${item.reason})`).join(', ');
    await fetch(slack, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        text: `New return ${rma.rma} for order ${rma.order_no} from ${rma.customer_email}: ${items}`,
      }),
    });
  });
}).listen(4001);

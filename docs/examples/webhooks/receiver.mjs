// A small receiver of Return Center's webhooks: it verifies each delivery with the Standard Webhooks library
// (npm install standardwebhooks) and the endpoint's secret, then acts on the event.
//
//   WEBHOOK_SECRET=whsec_… node receiver.mjs          # listens on :4000 (or PORT), POST /hooks
//
// Return Center signs every delivery: `webhook-id` (the event's id, the same on every retry: use it to act once),
// `webhook-timestamp` (unix seconds; the library refuses one more than five minutes off) and `webhook-signature`.
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

const secret = process.env.WEBHOOK_SECRET;
if (!secret) throw new Error('Set WEBHOOK_SECRET to the secret the console showed when you added the endpoint');
const webhook = new Webhook(secret);
const seen = new Set(); // Use your database in production: deliveries are at least once.

createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    let event;
    try {
      event = webhook.verify(body, request.headers);
    } catch {
      response.writeHead(401).end('bad signature');
      return;
    }
    // Answer 2xx quickly (within 10 s), then do the work; anything else is retried for about three days.
    response.writeHead(204).end();
    if (seen.has(event.id)) return;
    seen.add(event.id);
    const { request: rma } = event.data;
    console.log(`#${event.sequence} ${event.type}: request ${rma.id} (${rma.order_no}) is now status ${rma.status}`);
  });
}).listen(Number(process.env.PORT ?? 4000), () =>
  console.log(`Listening on http://localhost:${process.env.PORT ?? 4000}/hooks`),
);

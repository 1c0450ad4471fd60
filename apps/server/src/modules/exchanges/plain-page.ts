import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../notifications/branded-layout.js';

/**
 * A plain page of our server standing in for a provider's (the local checkout, the sandbox's pay page): no script, its
 * one style block allowed by a nonce, forms posting only to this site, never framed, never cached.
 */
export function plainPage(reply: FastifyReply, title: string, body: string) {
  const nonce = randomBytes(16).toString('base64');
  return reply
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    )
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style nonce="${nonce}">body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}table{width:100%;border-collapse:collapse;margin:1rem 0}th{text-align:start;font-weight:400}td{text-align:end}tfoot th,tfoot td{font-weight:700;border-top:1px solid #ccc}button,.button{font:inherit;padding:.75rem 1.5rem;border:0;border-radius:6px;background:#1a1a1a;color:#fff;cursor:pointer;width:100%}.button{display:block;box-sizing:border-box;text-align:center;text-decoration:none}.note{color:#555;font-size:.875rem}.secondary{background:#fff;color:#1a1a1a;border:1px solid #1a1a1a;margin-top:.75rem}</style></head><body><main>${body}</main></body></html>`,
    );
}

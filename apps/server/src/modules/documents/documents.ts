import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import type { Db } from '../../db/database.js';

/** How each kind is served: the PDFs to download, the drop-off QR code as an image to show. */
export const DOCUMENT_FILES = {
  label: { extension: 'pdf', type: 'application/pdf', download: true },
  'packing-slip': { extension: 'pdf', type: 'application/pdf', download: true },
  'drop-off-qr': { extension: 'png', type: 'image/png', download: false },
} as const;
export type DocumentKind = keyof typeof DOCUMENT_FILES;
export const DOCUMENT_KINDS = Object.keys(DOCUMENT_FILES) as DocumentKind[];

/** Files made for a request (label, packing slip, drop-off code), kept in the database and served by signed links. */
export class Documents {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly secret: string,
    private readonly linkTtlSeconds: number,
  ) {}

  async put(requestId: number, kind: DocumentKind, content: Uint8Array): Promise<string> {
    await this.db
      .insertInto('documents')
      .values({
        request_id: requestId,
        kind,
        content_base64: Buffer.from(content).toString('base64'),
        created_at: nowSeconds(this.clock),
      })
      .onConflict((oc) => oc.columns(['request_id', 'kind']).doNothing())
      .execute();
    return this.link(requestId, kind);
  }

  async get(requestId: number, kind: DocumentKind): Promise<Buffer | null> {
    const row = await this.db
      .selectFrom('documents')
      .select('content_base64')
      .where('request_id', '=', requestId)
      .where('kind', '=', kind)
      .executeTakeFirst();
    return row ? Buffer.from(row.content_base64, 'base64') : null;
  }

  /**
   * A link that works from an email or a download button without a session header, until it expires. The status page
   * asks for fresh ones each time it loads, so only old emails' links run out.
   */
  link(requestId: number, kind: DocumentKind): string {
    const expires = nowSeconds(this.clock) + this.linkTtlSeconds;
    const file = `${requestId}.${DOCUMENT_FILES[kind].extension}`;
    return `/documents/${kind}/${file}?exp=${expires}&sig=${this.sign(requestId, kind, expires)}`;
  }

  verify(requestId: number, kind: DocumentKind, expires: number, sig: string): boolean {
    if (!Number.isSafeInteger(expires) || expires < nowSeconds(this.clock)) return false;
    const expected = Buffer.from(this.sign(requestId, kind, expires));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private sign(requestId: number, kind: DocumentKind, expires: number): string {
    return createHmac('sha256', this.secret).update(`${kind}:${requestId}:${expires}`).digest('base64url');
  }
}

import { randomUUID } from 'node:crypto';
import { Code, MAX_PROOF_IMAGE_BYTES, messages } from '@return-center/contract';
import { FileTooLarge, UPLOAD_URL_TTL_SECONDS, type Storage } from '../../adapters/storage/port.js';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { AppError, errors } from '../../http/app-error.js';
import type { Session } from '../auth/sessions.js';
import { LIMITS, type Limit, type RateLimiter } from '../auth/rate-limiter.js';
import { BoundedQueue, QueueFull } from '../../bounded-queue.js';
import { CONTENT_TYPES, cleanImage, ImageRejected, type ImageType } from './image-check.js';

/** How long after its URL expired an unfinished upload's file is kept before the sweep deletes it. */
const ABANDONED_AFTER_SECONDS = 15 * 60;
const EXTENSIONS: Record<string, ImageType> = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png', gif: 'gif' };
export const PUBLIC_PREFIX = '/uploads/';

const uploadFailed = (msg: string = messages.uploadFailed) => new AppError(Code.InvalidInput, msg);

/** Proof images: a key per file bound to the session, then a checked, re-encoded copy. */
export class UploadsService {
  constructor(
    private readonly db: Db,
    readonly storage: Storage,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    private readonly limit: Limit = LIMITS.uploadsPerSession,
    /** One decode at a time (two peaked above 512 MB with six 10 MB photos), six waiting; then "busy, try again". */
    private readonly decoding = new BoundedQueue(1, 6),
  ) {}

  async issueKey(session: Session, filename: string, ip: string) {
    const type = EXTENSIONS[filename.split('.').pop()?.toLowerCase() ?? ''];
    if (!type) throw uploadFailed(messages.imageType);
    const allowed = await this.limiter.hitAll([
      [`upload:${session.tokenHash}`, this.limit],
      [`upload:ip:${ip}`, LIMITS.uploadsPerIp],
    ]);
    if (!allowed) throw errors.rateLimited();
    const id = randomUUID();
    const ext = type === 'jpeg' ? 'jpg' : type;
    const rawKey = `incoming/${session.shopId}/${id}.${ext}`;
    const finalKey = `proof/${session.shopId}/${id}.${ext}`;
    await this.db
      .insertInto('uploads')
      .values({
        shop_id: session.shopId,
        email: session.email,
        raw_key: rawKey,
        final_key: finalKey,
        filename: filename.slice(0, 255),
        content_type: CONTENT_TYPES[type],
        status: 'pending',
        size: 0,
        created_at: nowSeconds(this.clock),
      })
      .execute();
    return {
      data: {
        url: await this.storage.uploadUrl(rawKey, CONTENT_TYPES[type]),
        key: rawKey,
        output_url: PUBLIC_PREFIX + finalKey,
      },
    };
  }

  /** The callback: only the session that asked for the key may finish it; failures leave nothing stored. */
  async finish(session: Session, url: string) {
    const key = url.startsWith(PUBLIC_PREFIX) ? url.slice(PUBLIC_PREFIX.length) : url;
    const upload = await this.db
      .selectFrom('uploads')
      .selectAll()
      .where((eb) => eb.or([eb('final_key', '=', key), eb('raw_key', '=', key)]))
      .where('shop_id', '=', session.shopId)
      .where('email', '=', session.email)
      .where('status', 'in', ['pending', 'uploaded'])
      .executeTakeFirst();
    if (!upload) throw uploadFailed();
    let clean: Awaited<ReturnType<typeof cleanImage>>;
    try {
      clean = await this.decoding.run(async () => {
        const raw = await this.storage.read(upload.raw_key, MAX_PROOF_IMAGE_BYTES).catch((error: unknown) => {
          throw error instanceof FileTooLarge ? new ImageRejected(messages.imageSize) : error;
        });
        if (!raw) throw new ImageRejected(messages.uploadFailed);
        return cleanImage(raw);
      });
    } catch (error) {
      // At capacity: the upload stays pending with its file, so the same callback can simply be tried again.
      if (error instanceof QueueFull) throw errors.busy();
      await this.discard(upload.id, upload.raw_key);
      throw uploadFailed(error instanceof ImageRejected ? error.message : messages.uploadFailed);
    }
    try {
      await this.storage.write(upload.final_key, clean.data, CONTENT_TYPES[clean.type]);
      await this.db
        .updateTable('uploads')
        .set({ status: 'done', size: clean.data.length, content_type: CONTENT_TYPES[clean.type] })
        .where('id', '=', upload.id)
        .execute();
      return {
        ossUrl: PUBLIC_PREFIX + upload.final_key,
        name: upload.filename,
        size: clean.data.length,
        type: CONTENT_TYPES[clean.type],
        path: upload.final_key,
      };
    } catch {
      await this.discard(upload.id, upload.raw_key);
      throw uploadFailed();
    } finally {
      await this.storage.remove(upload.raw_key).catch(() => undefined);
    }
  }

  private async discard(id: number, rawKey: string) {
    await this.db.updateTable('uploads').set({ status: 'failed' }).where('id', '=', id).execute();
    await this.storage.remove(rawKey).catch(() => undefined);
  }

  /** Claims the one upload a signed URL allows; false when the URL was used already, or is in use right now. */
  async claimPut(rawKey: string): Promise<boolean> {
    const result = await this.db
      .updateTable('uploads')
      .set({ status: 'uploading' })
      .where('raw_key', '=', rawKey)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** A finished PUT uses the URL up; a broken one gives it back, so the shopper can simply send the file again. */
  async putEnded(rawKey: string, stored: boolean): Promise<void> {
    await this.db
      .updateTable('uploads')
      .set({ status: stored ? 'uploaded' : 'pending' })
      .where('raw_key', '=', rawKey)
      .where('status', '=', 'uploading')
      .execute();
  }

  /**
   * Deletes the files of uploads nobody finished (a key taken, maybe a file sent, never the callback) once their
   * signed URL is long expired. Runs at start and then periodically.
   */
  async sweep(): Promise<number> {
    const cutoff = nowSeconds(this.clock) - UPLOAD_URL_TTL_SECONDS - ABANDONED_AFTER_SECONDS;
    const abandoned = await this.db
      .selectFrom('uploads')
      .select(['id', 'raw_key'])
      .where('status', 'in', ['pending', 'uploading', 'uploaded'])
      .where('created_at', '<', cutoff)
      .limit(500)
      .execute();
    for (const upload of abandoned) {
      await this.storage.remove(upload.raw_key).catch(() => undefined);
      await this.db.updateTable('uploads').set({ status: 'expired' }).where('id', '=', upload.id).execute();
    }
    return abandoned.length;
  }

  /** True when every URL is a finished upload of this shopper (proof cannot point anywhere else). */
  async ownsAll(session: Session, urls: string[]): Promise<boolean> {
    if (urls.length === 0) return true;
    const keys = urls.map((url) => (url.startsWith(PUBLIC_PREFIX) ? url.slice(PUBLIC_PREFIX.length) : ''));
    if (keys.includes('')) return false;
    const rows = await this.db
      .selectFrom('uploads')
      .select('final_key')
      .where('final_key', 'in', keys)
      .where('shop_id', '=', session.shopId)
      .where('email', '=', session.email)
      .where('status', '=', 'done')
      .execute();
    return rows.length === new Set(keys).size;
  }

  async published(key: string): Promise<{ data: Buffer; type: string } | null> {
    const row = await this.db
      .selectFrom('uploads')
      .select('content_type')
      .where('final_key', '=', key)
      .where('status', '=', 'done')
      .executeTakeFirst();
    const data = row ? await this.storage.read(key) : null;
    return row && data ? { data, type: row.content_type } : null;
  }
}

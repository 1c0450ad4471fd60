import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { FileTooLarge, UPLOAD_URL_TTL_SECONDS, type Storage } from './port.js';

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** S3 or any S3-compatible store; browsers PUT straight to it with a presigned URL. */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly options: S3Options) {
    this.client = new S3Client({
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
    });
  }

  uploadUrl(key: string, contentType: string): Promise<string> {
    return getSignedUrl(
      this.client,
      new PutObjectCommand({ Bucket: this.options.bucket, Key: key, ContentType: contentType }),
      {
        expiresIn: UPLOAD_URL_TTL_SECONDS,
      },
    );
  }

  /** Streams the object, stopping at `maxBytes`: a presigned PUT cannot cap the size, so the read does. */
  async read(key: string, maxBytes = Number.POSITIVE_INFINITY): Promise<Buffer | null> {
    let object;
    try {
      object = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
    } catch {
      return null;
    }
    const body = object.Body as (AsyncIterable<Uint8Array> & { destroy?: () => void }) | undefined;
    if (!body) return null;
    if ((object.ContentLength ?? 0) > maxBytes) {
      body.destroy?.();
      throw new FileTooLarge();
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of body) {
      size += chunk.length;
      if (size > maxBytes) {
        body.destroy?.();
        throw new FileTooLarge();
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  }

  async write(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: data, ContentType: contentType }),
    );
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  destroy(): void {
    this.client.destroy();
  }
}

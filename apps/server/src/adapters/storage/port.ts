/** Where uploaded files live: local disk behind our own signed URLs, or S3-compatible storage. */
export interface Storage {
  readonly kind: 'disk' | 's3';
  /** Only storage whose upload URLs point at our own server (disk) has one: that route hands the PUT to it. */
  readonly uploadTarget?: UploadTarget;
  /** A URL the browser PUTs the file to, valid for a few minutes. */
  uploadUrl(key: string, contentType: string): Promise<string>;
  /** The file, or null when there is none; throws FileTooLarge past `maxBytes`, without holding more than that. */
  read(key: string, maxBytes?: number): Promise<Buffer | null>;
  write(key: string, data: Buffer, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
}

/** Takes the browser's PUT of an upload URL that points at our own server. */
export interface UploadTarget {
  /** Checks a PUT URL's signature and expiry. */
  verify(key: string, expires: number, sig: string): boolean;
  /** Where a streamed upload is written before it is complete; `commit` puts it in place. */
  tempPath(key: string): Promise<{ temp: string; commit(): Promise<void> }>;
}

export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

export class FileTooLarge extends Error {
  constructor() {
    super('stored file is larger than allowed');
  }
}

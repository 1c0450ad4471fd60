/** Where uploaded files live: local disk behind our own signed URLs, or S3-compatible storage. */
export interface Storage {
  readonly kind: 'disk' | 's3';
  /** A URL the browser PUTs the file to, valid for a few minutes. */
  uploadUrl(key: string, contentType: string): Promise<string>;
  /** The file, or null when there is none; throws FileTooLarge past `maxBytes`, without holding more than that. */
  read(key: string, maxBytes?: number): Promise<Buffer | null>;
  write(key: string, data: Buffer, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
}

export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

export class FileTooLarge extends Error {
  constructor() {
    super('stored file is larger than allowed');
  }
}

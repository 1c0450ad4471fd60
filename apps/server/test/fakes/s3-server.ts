import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local S3-compatible server for tests: path-style PUT/GET/DELETE object, presigned URLs checked
 * for their X-Amz-* query (expiry enforced; signatures not recomputed), header-signed SDK calls
 * checked for an AWS4-HMAC-SHA256 Authorization header.
 */
export async function startFakeS3(
  bucket: string,
): Promise<{ endpoint: string; objects: Map<string, { body: Buffer; type: string }>; close(): Promise<void> }> {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3.local');
    const [, requestBucket, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const presigned = url.searchParams.get('X-Amz-Algorithm') === 'AWS4-HMAC-SHA256';
    const deny = (code: string, status = 403) => {
      res.writeHead(status, { 'content-type': 'application/xml' });
      res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
    };
    if (requestBucket !== bucket) {
      deny('NoSuchBucket', 404);
      return;
    }
    if (presigned) {
      const date = url.searchParams.get('X-Amz-Date') ?? '';
      const expires = Number(url.searchParams.get('X-Amz-Expires'));
      const signedAt = Date.UTC(
        +date.slice(0, 4),
        +date.slice(4, 6) - 1,
        +date.slice(6, 8),
        +date.slice(9, 11),
        +date.slice(11, 13),
        +date.slice(13, 15),
      );
      if (!url.searchParams.get('X-Amz-Signature') || !expires || Date.now() > signedAt + expires * 1000) {
        deny('AccessDenied');
        return;
      }
    } else if (!(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256')) {
      deny('AccessDenied');
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'PUT') {
        objects.set(key, {
          body: Buffer.concat(chunks),
          type: req.headers['content-type'] ?? 'application/octet-stream',
        });
        res.writeHead(200, { etag: '"fake"' });
        return res.end();
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      const object = objects.get(key);
      if (!object) {
        deny('NoSuchKey', 404);
        return;
      }
      res.writeHead(200, { 'content-type': object.type, 'content-length': object.body.length, etag: '"fake"' });
      res.end(req.method === 'HEAD' ? undefined : object.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { calls, Code, MAX_PROOF_IMAGE_BYTES, messages } from '@return-center/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { UploadTarget } from '../../adapters/storage/port.js';
import { portalCall } from '../../http/contract-routes.js';
import { serveRoute } from '../../http/serve-route.js';
import { PUBLIC_PREFIX, type UploadsService } from './uploads.service.js';

class TooLarge extends Error {}

/** Counts bytes as they stream and stops at the limit, so an oversized body is never held. */
const sizeCap = (limit: number) => {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      callback(seen > limit ? new TooLarge() : null, chunk);
    },
  });
};

export function uploadsRoutes({ app, authenticate, services }: AppContext): void {
  const { uploads } = services;
  serveRoute(app, portalCall(calls.getUploadKey, authenticate), ({ input, caller: session, request: { ip } }) =>
    uploads.issueKey(session, input.filename, ip),
  );
  serveRoute(app, portalCall(calls.uploadCallback, authenticate), ({ input, caller: session }) =>
    uploads.finish(session, input.url),
  );

  app.get(`${PUBLIC_PREFIX}proof/*`, async (request, reply) => {
    const key = `proof/${(request.params as { '*': string })['*']}`;
    const file = await uploads.published(key);
    if (!file) return reply.status(404).send({ code: Code.RouteNotFound, msg: messages.notFound, data: null });
    return reply
      .type(file.type)
      .header('content-disposition', 'inline')
      .header('cache-control', 'private, max-age=86400')
      .send(file.data);
  });

  const target = uploads.storage.uploadTarget;
  if (target) diskUploadRoute(app, target, uploads);
}

/** PUT target of the disk adapter's signed URLs: streamed to a temp file with a hard size cap. */
function diskUploadRoute(app: FastifyInstance, storage: UploadTarget, uploads: UploadsService) {
  void app.register((scope, _options, registered) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.put(`${PUBLIC_PREFIX}put/*`, { bodyLimit: MAX_PROOF_IMAGE_BYTES + 1 }, async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      // A repeated parameter (`?sig=a&sig=b`) arrives as an array, which String() joins.
      const query = request.query as { expires?: string | string[]; sig?: string | string[] };
      if (!storage.verify(key, Number(query.expires), String(query.sig ?? ''))) {
        return reply.status(403).send({ code: Code.Forbidden, msg: 'Access denied', data: null });
      }
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > MAX_PROOF_IMAGE_BYTES)
        return reply.status(413).send({ code: Code.InvalidInput, msg: messages.imageSize, data: null });
      if (!(await uploads.claimPut(key)))
        return reply
          .status(409)
          .send({ code: Code.InvalidInput, msg: 'This upload link was used already', data: null });
      const target = await storage.tempPath(key);
      try {
        await pipeline(
          request.body as NodeJS.ReadableStream,
          sizeCap(MAX_PROOF_IMAGE_BYTES),
          createWriteStream(target.temp),
        );
        await target.commit();
        await uploads.putEnded(key, true);
      } catch (error) {
        await rm(target.temp, { force: true });
        await uploads.putEnded(key, false);
        if (error instanceof TooLarge)
          return reply.status(413).send({ code: Code.InvalidInput, msg: messages.imageSize, data: null });
        throw error;
      }
      return reply.status(200).send();
    });
    registered();
  });
}

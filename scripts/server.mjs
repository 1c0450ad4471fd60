// How the server process is launched: by `npm start` and by the hardening suite, so both run the same thing.
import { join } from 'node:path';
import { root } from './lib.mjs';

/**
 * Node itself on the built server (scripts/build-server.mjs): one process, so signals (and a SIGKILL in the crash
 * tests) reach the server, and no TypeScript at run time. Source maps keep stack traces pointing at the sources.
 */
export const serverCommand = [process.execPath, ['--enable-source-maps', join(root, 'apps/server/dist/main.js')]];

/**
 * glibc gives busy threads their own malloc arenas, and libvips decoding photos on them fragments
 * memory by hundreds of MB; two arenas keep six parallel 10 MB photos under 512 MB (docs/security.md).
 */
export const serverEnvDefaults = { NODE_ENV: 'production', MALLOC_ARENA_MAX: '2' };

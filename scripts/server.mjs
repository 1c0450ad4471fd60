// How the server process is launched: by `npm start` and by the hardening suite, so both run the same thing.
import { join } from 'node:path';
import { root } from './lib.mjs';

/** Node itself with tsx's loader: one process, so signals (and a SIGKILL in the crash tests) reach the server. */
export const serverCommand = [process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')]];

/**
 * glibc gives busy threads their own malloc arenas, and libvips decoding photos on them fragments
 * memory by hundreds of MB; two arenas keep six parallel 10 MB photos under 512 MB (docs/security.md).
 */
export const serverEnvDefaults = { NODE_ENV: 'production', MALLOC_ARENA_MAX: '2' };

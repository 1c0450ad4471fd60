// Builds the server to one JavaScript file (apps/server/dist/main.js) so production runs on plain `node`: no
// TypeScript at run time. Packages are bundled in too: resolving and loading some 300 files of node_modules one by
// one took about a third of the start-up CPU (issue #12). A few stay in node_modules, see `EXTERNAL`.
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { root } from './lib.mjs';

const server = join(root, 'apps/server');
const out = join(server, 'dist');

/**
 * Loaded from node_modules at run time: native addons (and pg's optional one), and packages that read files of
 * their own next to their code (css-tree its data, ioredis its package.json), which a bundle would not have.
 */
const EXTERNAL = ['better-sqlite3', 'sharp', '@node-rs/argon2', 'pg-native', 'css-tree', 'ioredis'];

/** Bundled CommonJS packages call `require` and may read `__dirname`, which an ES module does not have. */
const COMMONJS_GLOBALS = [
  "import { createRequire as __rcCreateRequire } from 'node:module';",
  "import { dirname as __rcDirname } from 'node:path';",
  "import { fileURLToPath as __rcFileURLToPath } from 'node:url';",
  'const require = __rcCreateRequire(import.meta.url);',
  'const __filename = __rcFileURLToPath(import.meta.url);',
  'const __dirname = __rcDirname(__filename);',
].join(' ');

rmSync(out, { recursive: true, force: true });
const options = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Node parses a source map when it loads the module: without the sources in it, it costs 2 MB, not 6.
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
  external: EXTERNAL,
  banner: { js: COMMONJS_GLOBALS },
};
await Promise.all([
  build({
    ...options,
    entryPoints: [join(server, 'src/main.ts')],
    outdir: out,
    // Modules loaded on demand (the S3 and SMTP adapters) become chunks of their own, with their packages.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
  }),
  // The merchant CLI as a server's host runs it (`node apps/server/dist/merchant.js`): one file, its commands inlined,
  // so that the files its modules read beside them (the locales) are found next to it as they are next to main.js.
  build({ ...options, entryPoints: [join(server, 'src/cli/merchant.ts')], outfile: join(out, 'merchant.js') }),
]);
// Read at run time next to the module that reads them (new URL('./locales/', import.meta.url)).
cpSync(join(server, 'src/modules/notifications/locales'), join(out, 'locales'), { recursive: true });
cpSync(join(server, 'src/modules/returns/reason-locales'), join(out, 'reason-locales'), { recursive: true });
cpSync(join(server, 'src/adapters/geocoder/gazetteer-data'), join(out, 'gazetteer-data'), { recursive: true });

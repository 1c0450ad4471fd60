// Builds the server to one JavaScript file (apps/server/dist/main.js) so production runs on plain `node`: no
// TypeScript at run time. The workspace packages are bundled in; every other package stays in node_modules.
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { root } from './lib.mjs';

const server = join(root, 'apps/server');
const out = join(server, 'dist');

/** Bare imports stay external, except our own workspace packages, which are TypeScript sources. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@return-center/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: [join(server, 'src/main.ts')],
  outdir: out,
  // Modules loaded on demand (the S3 and SMTP adapters) become chunks of their own, with their packages.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});
// Read at run time next to the module that reads them (new URL('./locales/', import.meta.url)).
cpSync(join(server, 'src/modules/notifications/locales'), join(out, 'locales'), { recursive: true });
cpSync(join(server, 'src/modules/returns/reason-locales'), join(out, 'reason-locales'), { recursive: true });

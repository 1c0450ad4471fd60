// `npm start`: install what is missing, build the portal, then migrate, seed and serve on PORT (default 3000).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { checkNode, ensureDependencies, ensurePortalBuild, root } from './lib.mjs';

checkNode();
ensureDependencies();
ensurePortalBuild();

const server = spawn(join(root, 'node_modules/.bin/tsx'), [join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

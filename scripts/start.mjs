// `npm start`: install what is missing, build the portal, the console and the server, then migrate, seed and serve on PORT (default 3000).
import { spawn } from 'node:child_process';
import { checkNode, ensureAppBuild, ensureDependencies, ensurePortalBuild, ensureServerBuild, root } from './lib.mjs';
import { serverCommand, serverEnvDefaults } from './server.mjs';

checkNode();
ensureDependencies();
ensurePortalBuild();
ensureAppBuild('admin');
ensureServerBuild();

const [command, args] = serverCommand;
const server = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...serverEnvDefaults, ...process.env } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

// The two front ends as they ship, and their JavaScript budgets (scripts/bundle-budget.mjs): one step of `npm test` that runs beside
// the static checks (it waits on one core while lint holds the other). Node built-ins only.
import { spawnSync } from 'node:child_process';
import { root } from './lib.mjs';

const steps = [
  ['npm', ['run', 'build', '--workspace', 'apps/portal']],
  ['npm', ['run', 'build', '--workspace', 'apps/admin']],
  [process.execPath, ['scripts/bundle-budget.mjs']],
];
for (const [command, args] of steps) {
  const { status } = spawnSync(command, args, { stdio: 'inherit', cwd: root });
  if (status !== 0) process.exit(status ?? 1);
}

// Steps of `npm test` that run at the same time. Each keeps its output and prints it whole when it ends, so that
// the log reads step by step although the steps overlap. Node built-ins only.
import { spawn } from 'node:child_process';
import { root } from './lib.mjs';

/**
 * @typedef {[command: string, args: string[]]} Command
 * @typedef {{ label: string, commands: Command[], env?: Record<string, string> }} Step  its commands run in order
 */

/** Runs one command, its output kept; answers its exit status (1 when it could not start or was killed). */
function capture([command, args], env, output) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

async function runStep(step) {
  const started = performance.now();
  const output = [];
  let status = 0;
  for (const command of step.commands) {
    status = await capture(command, step.env, output);
    if (status !== 0) break;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const text = Buffer.concat(output).toString('utf8').trimEnd();
  console.log(`\n▶ ${step.label}${text ? `\n${text}` : ''}`);
  if (status === 0) console.log(`✔ ${step.label} (${seconds} s)`);
  else console.error(`✖ ${step.label} failed (exit ${String(status)}) after ${seconds} s`);
  return status;
}

/**
 * Runs the steps at once and waits for all of them, so that one run reports every failing step. Exits with the
 * first failing step's status when any fails.
 * @param {Step[]} steps
 */
export async function runTogether(steps) {
  console.log(`\n▶ At once: ${steps.map((step) => step.label).join(' · ')}`);
  const statuses = await Promise.all(steps.map(runStep));
  const failed = steps.filter((_, index) => statuses[index] !== 0);
  if (failed.length === 0) return;
  console.error(`\n✖ Failed: ${failed.map((step) => step.label).join(', ')}`);
  process.exit(statuses.find((status) => status !== 0));
}

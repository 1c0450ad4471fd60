import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { serverCommand, serverEnvDefaults } from '../../../scripts/server.mjs';
import { present } from '@return-center/domain';
import type { Db } from '../src/db/database.js';
import { throwawaySchema } from '../test/schema-pool.js';

const root = new URL('../../../', import.meta.url).pathname;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The newest six-digit sign-in code mailed to `email` by a server on `db` (the dev mailbox), once it is there. */
export async function mailedCode(db: Db, email: string): Promise<string> {
  for (;;) {
    const mail = await db
      .selectFrom('mails')
      .select('text_body')
      .where('to_address', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const code = mail && /\b(\d{6})\b/.exec(mail.text_body)?.[1];
    if (code) return code;
    await sleep(50);
  }
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The server as `npm start` runs it (same command and environment defaults), in its own process, so SIGKILL is a real crash. */
export class ServerProcess {
  private child: ChildProcess | null = null;
  kills = 0;
  constructor(
    private readonly env: Record<string, string>,
    readonly base: string,
  ) {}

  async start(): Promise<void> {
    const [command, args] = serverCommand;
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...serverEnvDefaults, ...this.env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    this.child = child;
    for (let i = 0; i < 600; i++) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${this.base}/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await sleep(50);
    }
    throw new Error('server did not start in 30 s');
  }

  /** Sends the signal and waits for the process to end; answers its exit code (null when a signal ended it). */
  async kill(signal: 'SIGKILL' | 'SIGTERM'): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill(signal);
    const code = await exited;
    if (signal === 'SIGKILL') this.kills++;
    return code;
  }

  /** The most memory the running process has held so far (VmHWM), in MB. */
  peakRssMb(): number {
    const pid = this.child?.pid;
    if (pid === undefined) throw new Error('the server process is not running');
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    if (kb === undefined) throw new Error(`no VmHWM line in /proc/${pid}/status`);
    return Number(kb) / 1024;
  }
}

/** A fresh database for a server process: a SQLite file in `dir`, or a throwaway PostgreSQL schema. */
export async function prepareDatabase(dialect: 'sqlite' | 'postgres', dir: string) {
  if (dialect === 'sqlite') return { url: `sqlite:${join(dir, 'crash.sqlite')}`, drop: async () => {} };
  const base = present(process.env.TEST_DATABASE_URL, 'TEST_DATABASE_URL');
  const schema = await throwawaySchema(base, 'crash_');
  // The server reads one URL, so the schema travels in it as a connection option.
  const url = `${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema.name}`)}`;
  return { url, drop: schema.drop };
}

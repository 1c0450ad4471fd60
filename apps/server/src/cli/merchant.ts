/**
 * `npm run merchant -- <command>`: the merchant API from a terminal.
 * Talks to MERCHANT_API_URL (default http://localhost:3000) with MERCHANT_API_KEY (default demo-merchant-key).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  CLI_USER_AGENT,
  Code,
  merchantPath,
  orderImportAnswer,
  SETTINGS_VERSION_HEADER,
  settingsConflict,
  type MerchantRouteName,
} from '@return-center/contract';
import { importOrders, progressReporter } from './import/index.js';

const USAGE = `Usage: npm run merchant -- <command>

  requests list [--status N] [--email E] [--order #N] [--limit N] [--cursor ID]
  requests show <id>
  requests approve <id>
  requests reject <id> --reason "text"
  requests receive <id>
  requests refund <id> [--amount MINOR_UNITS] [--solution 1|2|4|6]
  requests resolve <id>
  settings get                         (JSON with its "$version": keep it in the file you edit)
  settings set <file.json> [--version N]
      (saves only over the version the file was read from; if someone saved since, says who and changes nothing)
  orders import <file.csv|file.jsonl>   (formats: docs/feeding-orders.md)

Operator commands (run on the server's host with its environment; they open DATABASE_URL):
  shops create <domain> [--name "Shop name"] [--currency EUR] [--email support@shop.example] [--json]
  shops list
  shops add-owner <domain> --email owner@shop.example [--name "Ann Owner"] [--move] [--json]
      (the console's first owner; --move takes an account of another shop away from it)
  backup <file>                        (SQLite: an online copy of the database and the uploaded files, one file)
  restore <file>                       (SQLite: refused while a server has the database open; stop them first)
      (PostgreSQL: pg_dump and pg_restore, see docs/operations.md)
  retention --dry-run                  (what the daily retention would delete now, per shop and kind; deletes nothing)

Statuses: 1 pending review, 2 approved, 3 rejected, 4 completed, 5 received.
Env: MERCHANT_API_URL (default http://localhost:3000), MERCHANT_API_KEY (default demo-merchant-key).`;

/** The key of `settings get`'s output that holds the settings' version, for `settings set` to save over. */
const VERSION_KEY = '$version';

/** A refused save, in words: who saved the settings since, when, and what to do. */
function conflictMessage(data: unknown): string {
  const parsed = settingsConflict.safeParse(data);
  if (!parsed.success) return 'Someone saved the settings since you read them: nothing was saved';
  const { saved_by: by, saved_at: at, version } = parsed.data;
  const who =
    by.kind === 'staff'
      ? `${by.email} in the console`
      : by.kind === 'cli'
        ? 'the merchant CLI'
        : by.kind === 'merchant_api'
          ? 'the merchant API'
          : 'someone';
  return `the settings were saved by ${who} at ${new Date(at * 1000).toISOString()} (now version ${String(version)}) after you read them: nothing was saved. Run \`settings get\` again, redo your change and set it`;
}

export async function runMerchantCli(
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      status: { type: 'string' },
      email: { type: 'string' },
      order: { type: 'string' },
      limit: { type: 'string' },
      cursor: { type: 'string' },
      reason: { type: 'string' },
      amount: { type: 'string' },
      solution: { type: 'string' },
      version: { type: 'string' },
      name: { type: 'string' },
      currency: { type: 'string' },
      json: { type: 'boolean' },
      move: { type: 'boolean' },
      'dry-run': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [group, command, arg] = positionals;
  const base = env.MERCHANT_API_URL ?? 'http://localhost:3000';
  const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(base + path, {
      method,
      headers: {
        authorization: `Bearer ${env.MERCHANT_API_KEY ?? 'demo-merchant-key'}`,
        'user-agent': `${CLI_USER_AGENT}/1`,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const answer = (await response.json()) as { code: number; msg: string; data: unknown };
    if (answer.code === Code.SettingsConflict) throw new Error(conflictMessage(answer.data));
    if (answer.code !== 1000) throw new Error(`${answer.msg} (code ${answer.code}, HTTP ${response.status})`);
    return { data: answer.data, etag: response.headers.get('etag') ?? '' };
  };
  const call = async (method: string, path: string, body?: unknown) => (await send(method, path, body)).data;
  const id = () => {
    if (!arg || !/^\d+$/.test(arg)) throw new Error('Give the request id, e.g. `requests approve 12`');
    return arg;
  };

  try {
    if (values.help || !group) {
      out(USAGE);
      return values.help ? 0 : 1;
    }
    if (group === 'backup' || group === 'restore') {
      // Loaded only here, like `shops`: they open the database file.
      const { runBackupCommand } = await import('./backup.js');
      return await runBackupCommand(group, command, env, out);
    }
    if (group === 'retention') {
      const { runRetentionCommand } = await import('./retention.js');
      return await runRetentionCommand(values['dry-run'] === true, env, out);
    }
    if (group === 'shops') {
      // Loaded only here: the other commands speak HTTP and need no database driver.
      const { runShopsCommand } = await import('./shops.js');
      return await runShopsCommand(command, arg, values, env, out);
    }
    if (group === 'orders' && command === 'import') {
      if (!arg) throw new Error('Give an order file: `orders import orders.csv` (.csv, .jsonl or .ndjson)');
      const summary = await importOrders({
        file: arg,
        send: async (orders) => orderImportAnswer.parse(await call('POST', merchantPath('importOrders'), { orders })),
        progress: progressReporter({ out: process.stderr }),
      });
      for (const failure of summary.failed)
        out(`line ${String(failure.line)}${failure.id ? ` (${failure.id})` : ''}: ${failure.error}`);
      return summary.failed.length > 0 ? 1 : 0;
    }
    if (group === 'requests' && command === 'list') {
      const query = new URLSearchParams();
      for (const key of ['status', 'email', 'order', 'limit', 'cursor'] as const)
        if (values[key]) query.set(key, values[key]);
      const data = (await call('GET', `${merchantPath('list')}?${query.toString()}`)) as {
        items: Record<string, unknown>[];
        next_cursor: number | null;
      };
      out('id\tstatus\trefund\torder\temail\tcreated');
      for (const r of data.items)
        out(
          [
            r.id,
            r.status,
            r.refund_state,
            r.order_no,
            r.customer_email,
            new Date(Number(r.created_at) * 1000).toISOString(),
          ].join('\t'),
        );
      if (data.next_cursor) out(`more: --cursor ${data.next_cursor}`);
    } else if (group === 'requests' && command === 'show') {
      out(JSON.stringify(await call('GET', merchantPath('get', id())), null, 2));
    } else if (group === 'requests' && ['approve', 'reject', 'receive', 'refund', 'resolve'].includes(command ?? '')) {
      const body =
        command === 'reject'
          ? { reason: values.reason ?? '' }
          : command === 'refund'
            ? {
                ...(values.amount ? { amount: Number(values.amount) } : {}),
                ...(values.solution ? { solution_id: Number(values.solution) } : {}),
              }
            : {};
      const data = (await call('POST', merchantPath(command as MerchantRouteName, id()), body)) as {
        id: number;
        status: number;
        refund_state: string;
      };
      out(
        `request ${data.id}: status ${data.status}${data.refund_state !== 'none' ? `, refund ${data.refund_state}` : ''}`,
      );
    } else if (group === 'settings' && command === 'get') {
      const { data, etag } = await send('GET', merchantPath('getSettings'));
      out(JSON.stringify({ [VERSION_KEY]: Number(etag.replaceAll('"', '')), ...(data as object) }, null, 2));
    } else if (group === 'settings' && command === 'set') {
      if (!arg) throw new Error('Give a JSON file: `settings set settings.json`');
      const { [VERSION_KEY]: stored, ...settings } = JSON.parse(readFileSync(arg, 'utf8')) as Record<string, unknown>;
      const version = values.version ?? (typeof stored === 'number' ? String(stored) : undefined);
      if (!version || !/^\d+$/.test(version))
        throw new Error(
          `No "${VERSION_KEY}" in ${arg}: save \`settings get\` to the file, edit it, then set it (or give --version N)`,
        );
      const { etag } = await send('PUT', merchantPath('putSettings'), settings, {
        [SETTINGS_VERSION_HEADER]: `"${version}"`,
      });
      out(`settings saved (version ${etag.replaceAll('"', '')})`);
    } else {
      out(USAGE);
      return 1;
    }
    return 0;
  } catch (error) {
    out(`error: ${(error as Error).message}`);
    return 1;
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  process.exitCode = await runMerchantCli(process.argv.slice(2), process.env, (line) => console.log(line));
}

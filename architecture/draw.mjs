// @ts-check
// Draws the parts of docs/architecture.md from parts.mjs and the tree: `node architecture/draw.mjs` prints the
// drawing, `--write` puts it in the doc (a test fails while the doc and the drawing differ).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import prettier from 'prettier';
import { KNOWN_EXCEPTIONS } from './known-exceptions.mjs';
import { PARTS } from './parts.mjs';

const root = join(import.meta.dirname, '..');
export const DOC = join(root, 'docs/architecture.md');
export const BEGIN =
  '<!-- Drawn by `node architecture/draw.mjs --write` from architecture/parts.mjs and known-exceptions.mjs: edit those. -->';
export const END = '<!-- End of the drawing. -->';
/** Parts every other part may import: left out of the drawing, kept in the table. */
const EVERYWHERE = ['contract', 'domain', 'server-kit'];
/** Parts that may import anything of their app: left out of the drawing too. */
const TOOLS = ['server-tests', 'portal-tests', 'console-tests', 'bench'];

/** @param {string[]} ids */
const code = (ids) => ids.map((id) => `\`${id}\``).join(', ');
const folders = (/** @type {string} */ dir) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
/** @returns {string[]} */
const filesUnder = (/** @type {string} */ dir) =>
  readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts'))
    .map((entry) => relative(join(root, dir), join(entry.parentPath, entry.name)))
    .sort();

const SERVER = PARTS.filter((part) => /^server-(?!tests)/.test(part.id)).map((part) => part.id);

/** @param {import('./parts.mjs').Part} part */
function mayImport(part) {
  const everyServerPart = SERVER.every((id) => id === part.id || part.uses.includes(id));
  const uses = part.uses
    .filter(
      (use) => (part.each || use !== part.id) && !(everyServerPart && typeof use === 'string' && SERVER.includes(use)),
    )
    .map((use) => (typeof use === 'string' ? `\`${use}\`` : `its own \`${use.own}\``));
  if (everyServerPart) uses.push('every `server-*` part but the tests');
  return uses.length ? uses.join(', ') : '—';
}

function partsTable() {
  const rows = PARTS.map((part) => {
    const name = part.each ? `\`${part.id}\` (one per ${part.each})` : `\`${part.id}\``;
    return `| ${name} | ${part.files.map((files) => `\`${files}\``).join('<br>')} | ${part.says} | ${mayImport(part)} |`;
  });
  return ['| Part | Files | What it holds | May import |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

function drawing() {
  const node = (/** @type {string} */ id) => id.replace(/-/g, '_');
  const groups = [
    ['packages', ['contract', 'domain']],
    ['server', PARTS.filter((part) => part.id.startsWith('server-')).map((part) => part.id)],
    ['portal', PARTS.filter((part) => part.id.startsWith('portal-')).map((part) => part.id)],
    ['console', PARTS.filter((part) => part.id.startsWith('console-')).map((part) => part.id)],
    ['tools', ['e2e', 'scripts']],
  ];
  const lines = ['```mermaid', 'flowchart TB'];
  for (const [group, ids] of /** @type {[string, string[]][]} */ (groups)) {
    const drawn = ids.filter((id) => !TOOLS.includes(id));
    lines.push(`  subgraph ${group}`, ...drawn.map((id) => `    ${node(id)}[${id}]`), '  end');
  }
  for (const part of PARTS.filter((candidate) => !TOOLS.includes(candidate.id))) {
    for (const use of part.uses) {
      const target = typeof use === 'string' ? use : use.own;
      if ((EVERYWHERE.includes(target) && !EVERYWHERE.includes(part.id)) || (use === part.id && !part.each)) continue;
      lines.push(`  ${node(part.id)} -->${typeof use === 'string' ? '' : '|own|'} ${node(target)}`);
    }
  }
  return [...lines, '```'].join('\n');
}

/** Every port with the classes that implement it, found in the tree. */
function portsTable() {
  const rows = folders('apps/server/src/adapters').map((port) => {
    const dir = `apps/server/src/adapters/${port}`;
    const adapters = filesUnder(dir).flatMap((file) =>
      [...readFileSync(join(root, dir, file), 'utf8').matchAll(/class (\w+) implements /g)].map(
        ([, name]) => `\`${name ?? ''}\` (${file})`,
      ),
    );
    const portFile = existsSync(join(root, dir, 'port.ts')) ? `\`${dir}/port.ts\`` : '(none)';
    return `| \`${port}\` | ${portFile} | ${adapters.join(', ')} |`;
  });
  return ['| Port | Interface | Adapters |', '| --- | --- | --- |', ...rows].join('\n');
}

function instances() {
  const modules = folders('apps/server/src/modules');
  const repositories = modules.flatMap((module) =>
    filesUnder(`apps/server/src/modules/${module}`)
      .filter((file) => !file.includes('/') && file.endsWith('.repository.ts'))
      .map((file) => `${module}/${file}`),
  );
  return [
    `- Server modules (\`server-module\`, one part each): ${code(modules)}.`,
    `- Their repositories (\`server-repository\`, private to their module): ${code(repositories)}.`,
    `- Portal features (\`portal-feature\`): ${code(folders('apps/portal/src/features'))}.`,
    `- Console pages (\`console-feature\`): ${code(folders('apps/admin/src/features'))}.`,
  ].join('\n');
}

function exceptionsList() {
  return KNOWN_EXCEPTIONS.map((exception) => {
    const from = exception.from.map((file) => `\`${file}\``).join(', ');
    return `- ${exception.point}: ${exception.why}: ${from} → \`${exception.to}\`.`;
  }).join('\n');
}

/** The drawing, from BEGIN to END. */
export function draw() {
  return [
    BEGIN,
    '',
    '## Parts and what each may import',
    '',
    'Every source file belongs to one part (the first whose files match), and imports only from its own part and the',
    'parts of its row. `npm test` lints every import against this table and refuses import cycles, type imports',
    'included (ADR 030). A part "one per" folder is as many parts as folders: a feature never imports another feature,',
    'an adapter only its own port, a module only its own repositories.',
    '',
    partsTable(),
    '',
    `The same, drawn without the imports of ${code(EVERYWHERE)} (nearly every part may use them)`,
    `and without ${code(TOOLS)} (they may use anything of their app):`,
    '',
    drawing(),
    '',
    '## Ports and their adapters',
    '',
    'Each outside service sits behind its port; modules import `port.ts` only, and the composition root',
    '(`services.ts`, `vendor-adapters.ts`) picks an adapter from the config.',
    '',
    portsTable(),
    '',
    '## Modules, features and pages',
    '',
    instances(),
    '',
    '## Known exceptions',
    '',
    KNOWN_EXCEPTIONS.length > 0
      ? 'Imports that break the table today (`architecture/known-exceptions.mjs`), each allowed until its issue point lands:\n\n' +
        exceptionsList()
      : 'None: every import keeps the table (`architecture/known-exceptions.mjs` is empty).',
    '',
    END,
  ].join('\n');
}

/** The doc with its drawing replaced by a fresh one, formatted as `npm run format` would. */
export async function redrawn(doc = readFileSync(DOC, 'utf8')) {
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${relative(root, DOC)} has no drawing between its markers`);
  const options = { ...(await prettier.resolveConfig(DOC)), filepath: DOC };
  return prettier.format(doc.slice(0, start) + draw() + doc.slice(end + END.length), options);
}

if (process.argv[1] === import.meta.filename) {
  if (process.argv.includes('--write')) writeFileSync(DOC, await redrawn());
  else console.log(draw());
}

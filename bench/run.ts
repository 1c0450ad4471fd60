/**
 * `npm run bench`: the sections of BENCH_ONLY (default all) in turn; each one's figures go into bench/results.json as
 * soon as it ends, and bench/README.md and bench/chart.svg are regenerated from the whole file.
 */
import { benchApi } from './api.js';
import { benchCatalogue } from './catalogue.js';
import { benchColdLoad } from './cold-load.js';
import { env, FULL, type Section } from './env.js';
import { benchImport } from './import.js';
import { benchMaximalImport } from './maximal-import.js';
import { log } from './load.js';
import { benchBrowser } from './portal-figures.js';
import { writeReport } from './report.js';
import { freeGiB, readResults, stamped, type Results } from './results.js';
import { routeSizes } from './routes.js';
import { benchMetrics } from './metrics.js';
import { benchProfile } from './profile.js';
import { benchRules } from './rules.js';
import { benchScaleOut } from './scale-out.js';
import { benchScale } from './scale.js';
import { benchStart } from './start.js';
import { benchSubmit } from './submit.js';
import { benchUploads } from './uploads.js';

/** What was smaller than the budgeted sizes, or null. */
const smaller = (...checks: [boolean, string][]) =>
  checks
    .filter(([small]) => small)
    .map(([, what]) => what)
    .join(', ') || null;
const shortRuns: [boolean, string] = [env.seconds < FULL.seconds, `${String(env.seconds)} s runs`];

const runners: { [S in Section]: () => Promise<Results[S] | null> } = {
  api: () => stamped(smaller(shortRuns), benchApi),
  submit: () => stamped(smaller([env.submits < FULL.submits, `${String(env.submits)} returns`]), benchSubmit),
  scale: () =>
    stamped(
      smaller(shortRuns, [env.scaleOrders < FULL.scaleOrders, `${env.scaleOrders.toLocaleString('en')} orders`]),
      benchScale,
    ),
  catalogue: () =>
    stamped(
      smaller(shortRuns, [
        env.catalogueProducts < FULL.catalogueProducts,
        `${env.catalogueProducts.toLocaleString('en')} products`,
      ]),
      benchCatalogue,
    ),
  uploads: () => stamped(null, benchUploads),
  start: () => stamped(smaller([env.startRuns < FULL.runs, `${String(env.startRuns)} starts`]), benchStart),
  scaleout: () => stamped(smaller(shortRuns), benchScaleOut),
  import: () =>
    stamped(smaller([env.importOrders < FULL.importOrders, `${env.importOrders.toLocaleString('en')} orders`]), () =>
      benchImport(env.importOrders),
    ),
  'maximal-import': () => stamped(null, benchMaximalImport),
  browser: () =>
    stamped(
      smaller([
        env.lighthouseRuns < FULL.runs,
        `${String(env.lighthouseRuns)} Lighthouse run${env.lighthouseRuns === 1 ? '' : 's'}`,
      ]),
      benchBrowser,
    ),
  bundle: () => stamped(null, () => Promise.resolve(routeSizes())),
  rules: () =>
    stamped(smaller([env.simulated < FULL.simulated, `${env.simulated.toLocaleString('en')} requests`]), benchRules),
  metrics: () => stamped(smaller(shortRuns), benchMetrics),
  profile: () => stamped(smaller(shortRuns), benchProfile),
  coldload: () =>
    stamped(smaller([env.coldLoads < FULL.runs, `${String(env.coldLoads)} loads a screen`]), benchColdLoad),
};

async function runSection(results: Results, section: Section): Promise<void> {
  const figures = await runners[section]();
  if (figures) Object.assign(results, { [section]: figures });
}

const results = readResults();
const failed: string[] = [];
if (!env.pgUrl && env.sections.some((s) => ['submit', 'scale', 'catalogue', 'scaleout'].includes(s)))
  log('PostgreSQL not configured (BENCH_PG_URL or TEST_DATABASE_URL): its parts are skipped');
for (const section of env.sections) {
  log(`▶ ${section} (free memory ${freeGiB()} GiB)`);
  const started = performance.now();
  try {
    await runSection(results, section);
    await writeReport(results);
    log(`✔ ${section} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    failed.push(section);
    log(`✖ ${section}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
}
await writeReport(results);
log(`bench/README.md and bench/chart.svg written${failed.length ? `; failed: ${failed.join(', ')}` : ''}`);
process.exit(failed.length ? 1 : 0);

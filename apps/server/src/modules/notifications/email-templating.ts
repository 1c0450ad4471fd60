import type { FieldError } from '@return-center/contract';
import { Liquid, type FS } from 'liquidjs';

/** No template reads a file: `include`, `render` and `layout` are removed, and the file system refuses anyway. */
const noFiles: FS = {
  exists: () => Promise.resolve(false),
  existsSync: () => false,
  readFile: () => Promise.reject(new Error('templates read no files')),
  readFileSync: () => {
    throw new Error('templates read no files');
  },
  resolve: (_dir, file) => file,
};

/**
 * The one Liquid engine of the emails (ADR 042): strict (an unknown variable or filter is an error), own properties
 * only, no file system, and bounded in what it parses, renders and keeps. It renders text: the HTML part is built from
 * that text and escaped whole, so neither a variable nor the merchant's own words can add markup.
 */
const engine = new Liquid({
  strictVariables: true,
  strictFilters: true,
  ownPropertyOnly: true,
  fs: noFiles,
  root: [],
  partials: [],
  layouts: [],
  relativeReference: false,
  parseLimit: 100_000,
  renderLimit: 500,
  memoryLimit: 10_000_000,
});
for (const tag of ['include', 'render', 'layout', 'block']) Reflect.deleteProperty(engine.tags, tag);

/** Renders a template with these variables (every one a string); throws on a syntax error or an unknown name. */
export function renderTemplate(source: string, vars: Record<string, string>): string {
  return String(engine.parseAndRenderSync(source, vars));
}

const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]?.slice(0, 300) ?? 'invalid template';

/** What is wrong with a subject and body, tried with the notification's sample values: field errors, or none. */
export function templateErrors(
  content: { subject: string; body: string },
  samples: Record<string, string>,
): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of ['subject', 'body'] as const) {
    try {
      renderTemplate(content[field], samples);
    } catch (error) {
      errors.push({ field, message: firstLine(error) });
    }
  }
  return errors;
}

import * as csstree from 'css-tree';

/** At-rules merchant CSS may use; everything else (@import, @namespace, @charset, @page …) is dropped. */
const ALLOWED_AT_RULES = new Set(['media', 'supports', 'keyframes', 'font-face', 'container', 'layer']);
/** Properties that run code or bind behaviour in some browser. */
const FORBIDDEN_PROPERTIES = new Set(['behavior', '-moz-binding', '-ms-behavior']);
/** Functions that take a URL as a plain string (so a url() check would not see it), or run code. */
const FORBIDDEN_FUNCTIONS = new Set([
  'image-set',
  '-webkit-image-set',
  'image',
  'cross-fade',
  'element',
  'src',
  'expression',
  'paint',
]);
const MAX_CSS_LENGTH = 20_000;

/** A URL merchant CSS may load: our own paths, or an https URL on one of the shop's asset origins. */
function isAllowedUrl(target: string, assetOrigins: readonly string[]): boolean {
  const value = target.trim();
  if (/^\/(?!\/)[\w\-./%?=&]*$/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && assetOrigins.includes(url.origin);
  } catch {
    return false;
  }
}

/** Whether a property is one a browser knows (custom properties are allowed: they only carry values). */
const isKnownProperty = (name: string) => name.startsWith('--') || csstree.lexer.getProperty(name) !== null;

function declarationIsSafe(node: csstree.Declaration, assetOrigins: readonly string[]): boolean {
  const property = node.property.toLowerCase();
  if (FORBIDDEN_PROPERTIES.has(property) || !isKnownProperty(property)) return false;
  // Only values valid for the property survive: token tricks such as `ur/**/l(…)` do not match any grammar. The lexer
  // cannot match values with var(); those still pass every check below, and custom properties cannot hold a url().
  const usesVar = csstree.find(node.value, (inner) => inner.type === 'Function' && inner.name.toLowerCase() === 'var');
  if (!property.startsWith('--') && !usesVar && csstree.lexer.matchDeclaration(node).error) return false;
  let safe = true;
  csstree.walk(node.value, (inner) => {
    if (inner.type === 'Url' && !isAllowedUrl(inner.value, assetOrigins)) safe = false;
    if (inner.type === 'Function' && FORBIDDEN_FUNCTIONS.has(inner.name.toLowerCase())) safe = false;
    // Raw values are what the parser could not understand (an unclosed url(, a nested token trick): never trusted.
    if (inner.type === 'Raw' && /url\(|\\|@|expression|javascript:/i.test(inner.value)) safe = false;
  });
  return safe;
}

/**
 * Makes merchant CSS safe to put in the portal's style element. It is parsed with a real CSS parser (css-tree), and
 * only an allowlist survives: known properties, a few at-rules, and URLs on our own origin or the shop's asset
 * origins. Nothing can close the style element, load from elsewhere, or run script.
 */
export function sanitizeCss(css: string, assetOrigins: readonly string[] = []): string {
  const ast = csstree.parse(css.slice(0, MAX_CSS_LENGTH), {
    parseValue: true,
    parseCustomProperty: false,
    onParseError: () => undefined,
  });
  csstree.walk(ast, {
    // The root, and a node that is no list's member (a declaration's value), come without item and list at run time,
    // whatever css-tree's types say.
    leave(
      node: csstree.CssNode,
      item: csstree.ListItem<csstree.CssNode> | null | undefined,
      list: csstree.List<csstree.CssNode> | null | undefined,
    ) {
      if (!list || !item) return;
      const drop =
        (node.type === 'Atrule' && !ALLOWED_AT_RULES.has(csstree.keyword(node.name).basename.toLowerCase())) ||
        (node.type === 'Declaration' && !declarationIsSafe(node, assetOrigins)) ||
        (node.type === 'Raw' && !/^[\s;]*$/.test(node.value));
      if (drop) list.remove(item);
    },
  });
  // `<` only appears inside strings here; escaping it keeps `</style>` from ever closing the element.
  return csstree.generate(ast).replace(/</g, '\\3c ');
}

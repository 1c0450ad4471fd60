/**
 * Makes merchant CSS safe to put in the portal's style element: it cannot close the element,
 * load anything from another origin (@import, absolute or protocol-relative url()), or run
 * script through legacy hooks (expression(), behavior, -moz-binding, javascript:).
 */
export function sanitizeCss(css: string): string {
  return css
    .slice(0, 20_000)
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\\/g, '')
    .replace(/[<>]/g, '')
    .replace(/@import[^;]*;?/gi, '')
    .replace(/@charset[^;]*;?/gi, '')
    .replace(/url\s*\(\s*(['"]?)(.*?)\1\s*\)/gi, (_match, _quote: string, target: string) =>
      /^\/(?!\/)[\w\-./%?=&]*$/.test(target.trim()) ? `url("${target.trim()}")` : 'none',
    )
    .replace(/expression\s*\(|javascript:|vbscript:|-moz-binding|behavior\s*:/gi, '');
}

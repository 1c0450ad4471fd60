import { describe, expect, it } from 'vitest';
import { sanitizeCss } from './sanitize-css.js';

describe('sanitizeCss', () => {
  it('keeps ordinary styling and same-origin images', () => {
    expect(sanitizeCss('.rc-header { color: #123; background: url(/catalogue/a.svg) }')).toBe(
      '.rc-header { color: #123; background: url("/catalogue/a.svg") }',
    );
  });

  it('cannot close the style element', () => {
    const out = sanitizeCss('a{}</style><script>alert(1)</script>');
    expect(out).not.toMatch(/<|>/);
  });

  it('cannot load from other origins', () => {
    expect(sanitizeCss('@import url("https://evil.example/x.css"); a { color: red }')).toBe(' a { color: red }');
    expect(sanitizeCss('a { background: url(https://evil.example/p.png) }')).toBe('a { background: none }');
    expect(sanitizeCss("a { background: url('//evil.example/p.png') }")).toBe('a { background: none }');
    expect(sanitizeCss('a { background: url(data:image/svg+xml,<svg onload=alert(1)>) }')).not.toMatch(/data:|onload/);
    expect(sanitizeCss('a { background: u\\rl(https://evil.example) }')).not.toContain('evil.example)');
  });

  it('drops script hooks and comment tricks', () => {
    expect(sanitizeCss('a { width: expression(alert(1)); behavior: url(x.htc); -moz-binding: url(x) }')).not.toMatch(
      /expression\(|behavior:|-moz-binding/,
    );
    expect(sanitizeCss('a { background: ur/**/l(https://evil.example) }')).not.toContain('https://evil.example)');
  });
});

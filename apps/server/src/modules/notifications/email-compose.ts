import type { Brand } from './branded-layout.js';
import { brandedHtml, escapeHtml } from './branded-layout.js';
import type { FixedBlocks } from './email-catalog.js';

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** One line of text as HTML: escaped, with its web addresses as links. */
const lineHtml = (line: string) =>
  line
    .split(URL_PATTERN)
    .map((part, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');

/** Blank lines between paragraphs, no trailing spaces, no run of empty lines. */
export const tidyText = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/**
 * An email from its rendered subject and text (ADR 042): the plain-text part is the text and the fixed blocks' links;
 * the HTML part is the same text in paragraphs (escaped, addresses clickable) in the shop's brand, then the QR image
 * and the links, which the system adds so no template can break them.
 */
export function composeEmail(brand: Brand, subject: string, rendered: string, blocks: FixedBlocks) {
  const text = tidyText(rendered);
  const paragraphs = text
    .split('\n\n')
    .filter(Boolean)
    .map((paragraph) =>
      blocks.highlight && paragraph === blocks.highlight
        ? `<p style="font-size:32px;letter-spacing:8px;font-weight:700">${escapeHtml(paragraph)}</p>`
        : `<p>${paragraph.split('\n').map(lineHtml).join('<br>')}</p>`,
    );
  const image = blocks.image
    ? `<p><img src="${escapeHtml(blocks.image.src)}" width="160" height="160" alt="${escapeHtml(blocks.image.alt)}"></p>`
    : '';
  const links = blocks.links
    .filter(([, href]) => href)
    .map(([label, href]) => `<p><a href="${escapeHtml(href)}">${escapeHtml(label)}</a></p>`);
  return {
    subject: subject.replace(/\s+/g, ' ').trim().slice(0, 300),
    text: [text, ...blocks.links.filter(([, href]) => href).map(([label, href]) => `${label}: ${href}`)].join('\n\n'),
    html: brandedHtml(brand, paragraphs.join('') + image + links.join('')),
  };
}

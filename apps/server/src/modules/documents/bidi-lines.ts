import bidiFactory from 'bidi-js';
import type { Family } from './pdf-fonts.js';

const bidi = bidiFactory();

/** A paragraph as it will be drawn: its text and, for each UTF-16 unit of it, the family that draws it. */
export interface Paragraph {
  text: string;
  families: Family[];
}

/** A piece of a line in one font: `text` is what the font is given, which shapes it (and turns Arabic or Hebrew). */
export interface Run {
  family: Family;
  text: string;
  width: number;
}

/** A line's runs from left to right, and its width. */
export interface Line {
  runs: Run[];
  width: number;
}

export interface LineOptions {
  rtl: boolean;
  lang: string;
  maxWidth: number;
  /** The width of a text in a family's font, shaped. */
  measure: (family: Family, text: string) => number;
}

/** Scripts the font engine lays out right to left by itself once it sees one of their letters. */
const RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;
/** Invisible marks that steer the bidi algorithm and that fonts need not draw. */
const BIDI_CONTROL = /\p{Bidi_Control}/gu;
/** Scripts written without spaces between words: a line may break between their words. */
const NO_SPACES = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\u3000-\u303f\uff00-\uffef]/u;
/** Punctuation that must not start a line. */
const CLOSING = /^[\p{Pe}\p{Pf}\p{Po}]/u;
const SPACE = /^\s+$/u;

/**
 * Breaks a paragraph into lines no wider than `maxWidth` (between words, or between the characters of a word longer
 * than a line), then orders each line's runs as the Unicode bidi algorithm shows them: right-to-left text, numbers
 * and Latin within it, and the other way round, each in its visual place.
 */
export function layoutLines(paragraph: Paragraph, options: LineOptions): Line[] {
  const levels = bidi.getEmbeddingLevels(paragraph.text, options.rtl ? 'rtl' : 'ltr');
  // Shaping is the costly part: each piece of text is measured once.
  const widths = new Map<string, number>();
  const measure = (family: Family, text: string) => {
    const key = `${family}:${text}`;
    let width = widths.get(key);
    if (width === undefined) widths.set(key, (width = options.measure(family, text)));
    return width;
  };
  const widthOf = (start: number, end: number) =>
    logicalRuns(paragraph, levels.levels, start, end).reduce(
      (sum, run) => sum + measure(run.family, run.text.replace(BIDI_CONTROL, '')),
      0,
    );
  return breakLines(pieces(paragraph.text, options, widthOf), options.maxWidth).map(([start, end]) => {
    const runs = visualRuns(paragraph, levels, start, end).map((run) => ({
      ...run,
      width: measure(run.family, run.text),
    }));
    return { runs, width: runs.reduce((sum, run) => sum + run.width, 0) };
  });
}

interface Piece {
  start: number;
  /** Where its trailing spaces begin. */
  contentEnd: number;
  end: number;
  width: number;
  spaceWidth: number;
}

/** Greedy line filling over the places a line may break; each line as [start, end) without its trailing spaces. */
function breakLines(pieces: Piece[], maxWidth: number): [number, number][] {
  const lines: [number, number][] = [];
  let lineStart = 0;
  let lineEnd = 0;
  let width = 0;
  for (const piece of pieces) {
    if (width > 0 && width + piece.width > maxWidth) {
      lines.push([lineStart, lineEnd]);
      lineStart = piece.start;
      width = 0;
    }
    width += piece.width + piece.spaceWidth;
    if (piece.contentEnd > piece.start) lineEnd = piece.contentEnd;
  }
  if (lineEnd > lineStart) lines.push([lineStart, lineEnd]);
  return lines;
}

/** The unbreakable pieces of a text, each with its trailing spaces; a word wider than a line is cut between graphemes. */
function pieces(text: string, options: LineOptions, widthOf: (start: number, end: number) => number): Piece[] {
  const words = [...new Intl.Segmenter(options.lang, { granularity: 'word' }).segment(text)];
  const units: [number, number][] = [];
  words.forEach((word, i) => {
    const before = words[i - 1]?.segment ?? '';
    const breakable =
      !SPACE.test(word.segment) &&
      (/\s$/u.test(before) ||
        ((NO_SPACES.test(before) || NO_SPACES.test(word.segment)) && !CLOSING.test(word.segment)));
    const last = units.at(-1);
    if (last && !breakable) last[1] = word.index + word.segment.length;
    else units.push([word.index, word.index + word.segment.length]);
  });
  const piece = (start: number, end: number): Piece => {
    const contentEnd = start + text.slice(start, end).trimEnd().length;
    return { start, contentEnd, end, width: widthOf(start, contentEnd), spaceWidth: widthOf(contentEnd, end) };
  };
  return units.flatMap(([start, end]) => {
    const whole = piece(start, end);
    if (whole.width <= options.maxWidth) return [whole];
    const graphemes = new Intl.Segmenter(options.lang, { granularity: 'grapheme' }).segment(text.slice(start, end));
    return [...graphemes].map((g) => piece(start + g.index, start + g.index + g.segment.length));
  });
}

interface LevelledRun {
  family: Family;
  level: number;
  text: string;
}

/** The line's characters in logical order, grouped into runs of one family and one bidi level. */
function logicalRuns(
  paragraph: Paragraph,
  levels: Uint8Array,
  start: number,
  end: number,
  mirror: Map<number, string> = new Map(),
) {
  const runs: LevelledRun[] = [];
  for (let i = start; i < end; i++) {
    const family = paragraph.families[i] ?? 'latin';
    const level = levels[i] ?? 0;
    const char = mirror.get(i) ?? paragraph.text.charAt(i);
    const last = runs.at(-1);
    if (last?.family === family && last.level === level) last.text += char;
    else runs.push({ family, level, text: char });
  }
  return runs;
}

/** Rule L2 of the bidi algorithm on runs, then each run's text as its font must be given it. */
function visualRuns(
  paragraph: Paragraph,
  levels: ReturnType<typeof bidi.getEmbeddingLevels>,
  start: number,
  end: number,
): Omit<Run, 'width'>[] {
  const mirror = bidi.getMirroredCharactersMap(paragraph.text, levels.levels, start, end - 1);
  const runs = logicalRuns(paragraph, levels.levels, start, end, mirror);
  const highest = Math.max(...runs.map((run) => run.level));
  const lowestOdd = Math.min(...runs.map((run) => run.level | 1));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < runs.length; i++) {
      if ((runs[i]?.level ?? 0) < level) continue;
      let j = i;
      while (j < runs.length && (runs[j]?.level ?? 0) >= level) j++;
      runs.splice(i, j - i, ...runs.slice(i, j).reverse());
      i = j;
    }
  }
  return runs
    .map((run) => {
      const text = run.text.replace(BIDI_CONTROL, '');
      // The font engine turns a run with Arabic or Hebrew letters itself; signs alone in a right-to-left run are not.
      const turned = run.level % 2 === 1 && !RTL_LETTER.test(text) ? graphemesReversed(text) : text;
      return { family: run.family, text: turned };
    })
    .filter((run) => run.text !== '');
}

const graphemesReversed = (text: string) =>
  [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)]
    .map((grapheme) => grapheme.segment)
    .reverse()
    .join('');

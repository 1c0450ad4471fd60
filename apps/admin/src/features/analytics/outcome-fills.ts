import type { Analytics } from './analytics-api';

type Outcome = Analytics['outcome_split'][number]['outcome'];
type Pattern = 'solid' | 'stripes' | 'dots';

/**
 * Each outcome has its own colour (at least 5:1 on white, WCAG 1.4.11) and its own pattern, and the segments are
 * parted by white borders: the doughnut and its legend can be told apart without seeing colour (WCAG 1.4.1).
 */
export const OUTCOME_STYLE: Record<Outcome, { colour: string; pattern: Pattern }> = {
  money_back: { colour: '#1f4d3a', pattern: 'solid' },
  store_credit: { colour: '#1a5fb4', pattern: 'stripes' },
  exchange: { colour: '#b45309', pattern: 'dots' },
};

const TILE = 10;

/** A canvas fill for an outcome: its colour, with light stripes or dots over it. */
export function outcomeFill(outcome: Outcome): string | CanvasPattern {
  const { colour, pattern } = OUTCOME_STYLE[outcome];
  if (pattern === 'solid') return colour;
  const tile = document.createElement('canvas');
  tile.width = TILE;
  tile.height = TILE;
  const context = tile.getContext('2d');
  if (!context) return colour;
  context.fillStyle = colour;
  context.fillRect(0, 0, TILE, TILE);
  context.fillStyle = context.strokeStyle = 'rgb(255 255 255 / 80%)';
  context.beginPath();
  if (pattern === 'stripes') {
    context.lineWidth = 2;
    for (const offset of [-TILE, 0, TILE]) {
      context.moveTo(offset, TILE);
      context.lineTo(offset + TILE, 0);
    }
    context.stroke();
  } else {
    context.arc(TILE / 2, TILE / 2, 2, 0, 2 * Math.PI);
    context.fill();
  }
  return context.createPattern(tile, 'repeat') ?? colour;
}

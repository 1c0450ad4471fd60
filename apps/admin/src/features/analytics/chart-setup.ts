import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';

/**
 * Only the pieces the analytics charts draw (bars, a doughnut, two axes, tooltip and legend) are registered, so the
 * rest of Chart.js is shaken out of the build (docs/decisions/018-console-charts.md).
 */
Chart.register(BarController, BarElement, CategoryScale, LinearScale, DoughnutController, ArcElement, Tooltip, Legend);

// The console's type and muted ink (styles.css), 5.9:1 on white.
Chart.defaults.font.family = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
Chart.defaults.font.size = 13;
Chart.defaults.color = '#5b6470';
Chart.defaults.borderColor = '#d5d9de';
if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) Chart.defaults.animation = false;

/** Bars in the console's accent, 10:1 on white; one series per chart, so the colour carries no meaning of its own. */
export const BAR_COLOUR = '#1f4d3a';

/** Horizontal bars keep a readable thickness however many there are. */
export const barsHeight = (bars: number) => Math.max(200, 60 + bars * 32);

export { Chart };

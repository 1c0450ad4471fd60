import type { ChartConfiguration, ChartType } from 'chart.js';
import { useEffect, useRef } from 'react';
import { Chart } from './chart-setup';

interface Props<T extends ChartType> {
  /** Made once per data (useMemo): a new configuration draws the chart anew. */
  config: ChartConfiguration<T>;
  /** What the chart shows, in words: the canvas is an image to assistive technology. */
  label: string;
  /** The drawing's height in pixels; its width follows the card. */
  height: number;
}

/** A Chart.js chart on a canvas, made when mounted or given new data and destroyed when unmounted. */
export function ChartCanvas<T extends ChartType>({ config, label, height }: Props<T>) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [config]);
  return (
    <div className="chart-frame" style={{ height }}>
      {/* eslint-disable-next-line jsx-a11y/no-interactive-element-to-noninteractive-role -- a chart's canvas is a
          drawing that takes no input: to assistive technology it is an image, its label the chart in words. */}
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}

import type { ChartConfiguration, ChartType } from 'chart.js';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { download, toCsv } from '../../shared/csv';
import { ChartCanvas } from './chart-canvas';

export interface Column {
  label: string;
  numeric?: boolean;
}

interface Props<T extends ChartType> {
  title: string;
  /** The chart in words, read out in place of the drawing. */
  summary: string;
  /** null when there is nothing to draw: `empty` is shown instead. */
  config: ChartConfiguration<T> | null;
  empty?: string;
  height: number;
  columns: Column[];
  /** The data as the table shows it, one array of cells per row. */
  rows: string[][];
  /** The data as the CSV file holds it, its header row first. */
  csv: (string | number)[][];
  fileName: string;
}

/**
 * One chart with its text alternatives: an aria-label summary on the canvas, and its data as a real table behind
 * "Show the data", which is also what "Download CSV" saves.
 */
export function ChartCard<T extends ChartType>(props: Props<T>) {
  const { title, summary, config, empty, height, columns, rows, csv, fileName } = props;
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="card chart-card" aria-labelledby={headingId}>
      <header className="chart-header">
        <h2 id={headingId}>{title}</h2>
        <button type="button" className="button secondary small" onClick={() => download(fileName, toCsv(csv))}>
          {t('analytics.downloadCsv')}
          <span className="visually-hidden">: {title}</span>
        </button>
      </header>
      {config ? <ChartCanvas config={config} label={summary} height={height} /> : <p className="empty">{empty}</p>}
      <details className="chart-data">
        <summary>{t('analytics.showData')}</summary>
        <table className="table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.label} scope="col" className={column.numeric ? 'number' : undefined}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={i} className={columns[i]?.numeric ? 'number' : undefined}>
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

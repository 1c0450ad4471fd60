import type { ReactNode } from 'react';

/**
 * A table whose rows become cards on a phone, each cell showing its column's name (`data-label`): the columns head it,
 * and a last column, named for screen readers only (`actions`), holds each row's buttons.
 */
export function StackedTable({
  caption,
  columns,
  actions,
  children,
}: {
  caption: string;
  columns: Record<string, string>;
  actions: string;
  children: ReactNode;
}) {
  return (
    <table className="table stacked">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {Object.values(columns).map((label) => (
            <th key={label} scope="col">
              {label}
            </th>
          ))}
          <th scope="col">
            <span className="visually-hidden">{actions}</span>
          </th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

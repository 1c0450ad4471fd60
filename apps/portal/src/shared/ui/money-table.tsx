import { useTranslation } from 'react-i18next';

/** A label and an amount already formatted for the shop's currency. */
export type MoneyRow = readonly [label: string, amount: string];

/** Money as rows of label and amount, with an optional total row below (the amount a shopper looks for first). */
export function MoneyTable({
  rows,
  total,
  totalTestId,
}: {
  rows: readonly MoneyRow[];
  total?: MoneyRow | null;
  totalTestId?: string;
}) {
  return (
    <table className="rc-money">
      <tbody>
        {rows.map(([label, amount]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{amount}</td>
          </tr>
        ))}
      </tbody>
      {total ? (
        <tfoot>
          <tr>
            <th scope="row">{total[0]}</th>
            <td data-testid={totalTestId}>{total[1]}</td>
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}

/** Return credit, new items total and what remains: the same three rows wherever an exchange's money is shown. */
export function ExchangeMoney({
  credit,
  total,
  remaining,
  format,
}: {
  credit: number;
  total: number;
  remaining: number;
  format: (amount: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <MoneyTable
      rows={[
        [t('exchange.credit'), format(credit)],
        [t('exchange.newTotal'), format(total)],
      ]}
      total={[t('exchange.remaining'), format(remaining)]}
    />
  );
}

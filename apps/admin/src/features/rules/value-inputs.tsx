import { minorToDecimal, parseMinor } from '@return-center/domain';
import { useId, useState } from 'react';
import { Field } from '../../shared/ui/field';
import { NumberText } from '../../shared/ui/number-text';

/** A whole number typed as text; NaN while it is none (the contract then names the field). */
const parseWhole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);
const parseMoney = (currency: string) => (text: string) => {
  try {
    return text.trim() ? parseMinor(text, currency) : Number.NaN;
  } catch {
    return Number.NaN;
  }
};

/** A number field: whole numbers, or money typed as decimals of `currency` and kept in minor units. */
export function NumberInput(props: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  currency?: string | undefined;
  /** The unit the number is in ("In days"), read with the field. */
  hint?: string | undefined;
  error?: string | undefined;
}) {
  const { label, value, onChange, currency, hint, error } = props;
  const format = (n: number) => (currency ? minorToDecimal(n, currency) : String(n));
  return (
    <Field label={label} hint={hint} error={error}>
      {(ids) => (
        <NumberText
          {...ids}
          inputMode={currency ? 'decimal' : 'numeric'}
          value={value}
          parse={currency ? parseMoney(currency) : parseWhole}
          format={format}
          onChange={onChange}
        />
      )}
    </Field>
  );
}

/** A list of texts, one per line or separated by commas. */
export function ListInput(props: {
  label: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  error?: string | undefined;
  readOnly?: boolean;
}) {
  const { label, values, onChange, error, readOnly = false } = props;
  const [text, setText] = useState(values.join('\n'));
  return (
    <Field label={label} error={error}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          rows={3}
          value={text}
          readOnly={readOnly}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          onChange={(e) => {
            setText(e.target.value);
            onChange(
              e.target.value
                .split(/[\n,]/)
                .map((entry) => entry.trim())
                .filter(Boolean),
            );
          }}
        />
      )}
    </Field>
  );
}

/** A labelled select of [value, label] options. */
export function SelectInput<V extends string>(props: {
  label: string;
  value: V;
  options: readonly (readonly [V, string])[];
  onChange: (value: V) => void;
}) {
  const { label, value, options, onChange } = props;
  return (
    <Field label={label}>
      {({ id, describedBy }) => (
        <select id={id} value={value} aria-describedby={describedBy} onChange={(e) => onChange(e.target.value as V)}>
          {options.map(([option, name]) => (
            <option key={option} value={option}>
              {name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A labelled single-line text. */
export function TextInput(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const { label, value, onChange, error } = props;
  return (
    <Field label={label} error={error}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          value={value}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** A fieldset of checkboxes for a list of ids or words, in the options' order. */
export function CheckGroup<V extends string | number>(props: {
  legend: string;
  options: readonly (readonly [V, string])[];
  value: readonly V[];
  onChange: (value: V[]) => void;
  error?: string | undefined;
}) {
  const { legend, options, value, onChange, error } = props;
  const errorId = useId();
  return (
    <fieldset className="settings-group" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {options.map(([option, label]) => (
        <label key={option}>
          <input
            type="checkbox"
            checked={value.includes(option)}
            onChange={(e) =>
              onChange(
                options.map(([id]) => id).filter((id) => (id === option ? e.target.checked : value.includes(id))),
              )
            }
          />{' '}
          {label}
        </label>
      ))}
      {error ? (
        <p id={errorId} className="error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** One labelled checkbox. */
export function CheckInput(props: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="settings-check">
      <input type="checkbox" checked={props.checked} onChange={(e) => props.onChange(e.target.checked)} /> {props.label}
    </label>
  );
}

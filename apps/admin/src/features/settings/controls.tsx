import { useId, type ReactNode } from 'react';
import { Field } from '../../shared/ui/field';
import { NumberText } from '../../shared/ui/number-text';
import { anchorId } from './issues';

interface FieldProps {
  /** The settings path the field edits: its anchor for the issue summary (`style.return_page_primary_color`). */
  name: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
}

/** A labelled field of the form, findable from the issue summary by its settings path. */
export function SettingsField({
  name,
  label,
  hint,
  error,
  children,
}: FieldProps & { children: Parameters<typeof Field>[0]['children'] }) {
  return (
    <div id={anchorId(name)} className="settings-field">
      <Field label={label} hint={hint} error={error}>
        {children}
      </Field>
    </div>
  );
}

interface TextProps extends FieldProps {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string | undefined;
  multiline?: boolean;
  type?: 'text' | 'url';
  maxLength?: number;
  className?: string;
}

export function TextControl({
  value,
  onChange,
  placeholder,
  multiline,
  type = 'text',
  maxLength,
  className,
  ...field
}: TextProps) {
  return (
    <SettingsField {...field}>
      {({ id, describedBy, invalid }) => {
        const common = {
          id,
          value,
          placeholder,
          maxLength,
          className,
          'aria-describedby': describedBy,
          'aria-invalid': invalid,
        };
        return multiline ? (
          <textarea {...common} rows={4} onChange={(e) => onChange(e.target.value)} />
        ) : (
          <input {...common} type={type} onChange={(e) => onChange(e.target.value)} />
        );
      }}
    </SettingsField>
  );
}

interface NumberProps extends FieldProps {
  value: number;
  /** What the merchant typed, as the number stored (NaN when it is not one: the contract then says so). */
  parse: (text: string) => number;
  format: (value: number) => string;
  onChange: (value: number) => void;
  suffix?: string;
}

/** A number typed as text: kept as typed while it is being written, so "4." or "" is no jump in the field. */
export function NumberControl({ value, parse, format, onChange, suffix, ...field }: NumberProps) {
  return (
    <SettingsField {...field}>
      {(ids) => (
        <span className="settings-number">
          <NumberText {...ids} inputMode="decimal" value={value} parse={parse} format={format} onChange={onChange} />
          {suffix ? <span aria-hidden="true">{suffix}</span> : null}
        </span>
      )}
    </SettingsField>
  );
}

/** Plain numbers: "12" or "12.5"; anything else is NaN, which the contract reports. */
export const parseNumber = (text: string) => (/^\s*-?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN);

export function Checkbox(props: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  name?: string;
}) {
  const { label, hint, checked, onChange, name } = props;
  const hintId = useId();
  return (
    <div className="settings-check" id={name ? anchorId(name) : undefined}>
      <label>
        <input
          type="checkbox"
          checked={checked}
          aria-describedby={hint ? hintId : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />{' '}
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

interface GroupProps {
  name: string;
  legend: string;
  hint?: string;
  error?: string | undefined;
  options: readonly (readonly [number | string, string])[];
  value: readonly (number | string)[];
  onChange: (value: (number | string)[]) => void;
}

/** A fieldset of checkboxes for a list of ids; the list keeps the options' order. */
export function CheckboxGroup({ name, legend, hint, error, options, value, onChange }: GroupProps) {
  const known = options.map(([option]) => option);
  // Ids the console has no name for (a newer server's) stay as they are.
  const toggle = (id: number | string, on: boolean) =>
    onChange([
      ...value.filter((option) => !known.includes(option)),
      ...known.filter((option) => (option === id ? on : value.includes(option))),
    ]);
  const errorId = `${anchorId(name)}-error`;
  return (
    <fieldset id={anchorId(name)} className="settings-group" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {hint ? <p className="hint">{hint}</p> : null}
      <div className="settings-group-options">
        {options.map(([id, label]) => (
          <label key={id}>
            <input type="checkbox" checked={value.includes(id)} onChange={(e) => toggle(id, e.target.checked)} />{' '}
            {label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={anchorId(id)} className="card settings-section" aria-labelledby={`${anchorId(id)}-title`}>
      <h2 id={`${anchorId(id)}-title`}>{title}</h2>
      {children}
    </section>
  );
}

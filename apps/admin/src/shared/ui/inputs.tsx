import { Field } from './field';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string | undefined;
  error?: string | undefined;
}

/** An account's email, as the browser's password manager knows it. */
export function EmailField({ label, value, onChange, error }: Props) {
  return (
    <Field label={label} error={error}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          type="email"
          autoComplete="username"
          required
          aria-invalid={invalid}
          aria-describedby={describedBy}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** The 6-digit code of an authenticator app (TOTP). */
export function CodeField({ label, hint, error, value, onChange }: Props) {
  return (
    <Field label={label} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{6}"
          required
          aria-invalid={invalid}
          aria-describedby={describedBy}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

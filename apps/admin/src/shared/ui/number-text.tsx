import { useState } from 'react';

/**
 * A number typed as text: kept as typed while it is being written, so "4." or "" is no jump in the field. `parse`
 * answers NaN for what is not a number (the contract then names the field).
 */
export function NumberText(props: {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
  value: number;
  parse: (text: string) => number;
  format: (value: number) => string;
  onChange: (value: number) => void;
  inputMode: 'decimal' | 'numeric';
}) {
  const { id, describedBy, invalid, value, parse, format, onChange, inputMode } = props;
  const [text, setText] = useState(() => format(value));
  // The value changed from elsewhere (their settings loaded, a suggestion applied): show it.
  if (!Number.isNaN(value) && parse(text) !== value) setText(format(value));
  return (
    <input
      id={id}
      inputMode={inputMode}
      value={text}
      aria-describedby={describedBy}
      aria-invalid={invalid}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parse(e.target.value));
      }}
    />
  );
}

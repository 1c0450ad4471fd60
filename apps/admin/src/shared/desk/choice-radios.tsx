import { useId } from 'react';

/** A group of radio buttons (arrow keys move within it), one per offered id. */
export function ChoiceRadios({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: { id: number; label: string }[];
  value: number;
  onChange: (id: number) => void;
}) {
  const name = useId();
  return (
    <fieldset className="desk-choice">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.id} className="check">
          <input
            type="radio"
            name={name}
            value={option.id}
            checked={value === option.id}
            onChange={() => onChange(option.id)}
          />{' '}
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

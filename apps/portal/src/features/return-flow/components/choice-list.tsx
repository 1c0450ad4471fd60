import { useId } from 'react';

interface Choice {
  id: number;
  label: string;
  hint: string;
}

/**
 * A labelled radio group rendered as cards; arrow keys move between options natively. Each card is the label of its
 * radio, name and hint as its own text, so a click anywhere on the card chooses it.
 */
export function ChoiceList({
  legend,
  choices,
  value,
  onChange,
}: {
  legend: string;
  choices: Choice[];
  value: number | null;
  onChange: (id: number) => void;
}) {
  const name = useId();
  return (
    <fieldset className="rc-choices">
      <legend className="rc-visually-hidden">{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.id} className={value === choice.id ? 'rc-choice rc-choice--selected' : 'rc-choice'}>
          <input
            type="radio"
            name={name}
            value={choice.id}
            checked={value === choice.id}
            onChange={() => onChange(choice.id)}
          />
          <span className="rc-choice__label">{choice.label}</span>
          <span className="rc-choice__hint">{choice.hint}</span>
        </label>
      ))}
    </fieldset>
  );
}

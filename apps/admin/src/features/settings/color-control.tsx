import { parseColor } from '@return-center/domain/contrast';
import { SettingsField } from './controls';

interface Props {
  name: string;
  label: string;
  pickerLabel: string;
  hint?: string;
  error?: string | undefined;
  value: string;
  onChange: (value: string) => void;
}

const toHex = (value: string) => {
  const rgb = parseColor(value);
  return rgb ? `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}` : '#000000';
};

/** A colour as text (any CSS form the portal accepts) with the browser's colour picker beside it. */
export function ColorControl({ name, label, pickerLabel, hint, error, value, onChange }: Props) {
  return (
    <SettingsField name={name} label={label} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <span className="settings-color">
          <input
            type="color"
            aria-label={pickerLabel}
            value={toHex(value)}
            onChange={(e) => onChange(e.target.value)}
          />
          <input
            id={id}
            value={value}
            spellCheck={false}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            onChange={(e) => onChange(e.target.value)}
          />
        </span>
      )}
    </SettingsField>
  );
}

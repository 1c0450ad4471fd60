import type { RuleCondition } from '@return-center/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CONDITION_FIELDS, conditionFor, kindOf, MONEY_FIELDS, type ConditionField } from './rule-words';
import { CheckGroup, ListInput, NumberInput, SelectInput } from './value-inputs';

export interface IdOptions {
  reason: readonly (readonly [number, string])[];
  reason_group: readonly (readonly [number, string])[];
  solution: readonly (readonly [number, string])[];
  method: readonly (readonly [number, string])[];
}

interface Props {
  condition: RuleCondition;
  onChange: (condition: RuleCondition) => void;
  onRemove: () => void;
  currency: string;
  ids: IdOptions;
  /** The contract's complaint about a field of this condition (`value`, `values`, `days`). */
  errorOf: (field: string) => string | undefined;
  name: string;
}

const DAY_FIELDS: readonly string[] = ['order_age_days', 'days_since_delivery'];

/** The unit a number condition's value is typed in. */
function unitOf(field: string, currency: string, t: TFunction) {
  if (MONEY_FIELDS.includes(field)) return t('rules.unit.money', { currency });
  if (DAY_FIELDS.includes(field)) return t('rules.unit.days');
  return field === 'return_rate' ? t('rules.unit.percent') : t('rules.unit.count');
}

const NUMBER_OPS = ['lt', 'lte', 'eq', 'gte', 'gt'] as const;
const LIST_OPS = ['in', 'not_in'] as const;

/** One condition: what it looks at, the test, and a value of the right kind. */
export function ConditionRow({ condition, onChange, onRemove, currency, ids, errorOf, name }: Props) {
  const { t } = useTranslation();
  const set = (change: Partial<RuleCondition>) => onChange({ ...condition, ...change } as RuleCondition);
  const kind = kindOf(condition.field);
  return (
    <fieldset className="rule-row">
      <legend className="visually-hidden">{name}</legend>
      <SelectInput
        label={t('rules.editor.field')}
        value={condition.field}
        options={CONDITION_FIELDS.map((field) => [field, t(`rules.field.${field}`)] as const)}
        onChange={(field: ConditionField) => onChange(conditionFor(field))}
      />
      {'is' in condition ? (
        <SelectInput
          label={t('rules.editor.is')}
          value={condition.is ? 'yes' : 'no'}
          options={[
            ['yes', t('rules.editor.yes')],
            ['no', t('rules.editor.no')],
          ]}
          onChange={(is) => set({ is: is === 'yes' })}
        />
      ) : (
        <SelectInput
          label={t('rules.editor.op')}
          value={condition.op}
          options={(kind === 'number' ? NUMBER_OPS : LIST_OPS).map((op) => [op, t(`rules.op.${op}`)] as const)}
          onChange={(op) => set({ op })}
        />
      )}
      {'value' in condition ? (
        <>
          <NumberInput
            label={t('rules.editor.value')}
            value={condition.value}
            currency={MONEY_FIELDS.includes(condition.field) ? currency : undefined}
            hint={unitOf(condition.field, currency, t)}
            error={errorOf('value')}
            onChange={(value) => set({ value })}
          />
          {condition.days !== undefined ? (
            <NumberInput
              label={t('rules.editor.days')}
              value={condition.days}
              hint={t('rules.unit.days')}
              error={errorOf('days')}
              onChange={(days) => set({ days })}
            />
          ) : null}
        </>
      ) : null}
      {kind === 'text' && 'values' in condition ? (
        <ListInput
          label={t('rules.editor.values')}
          values={condition.values.map(String)}
          error={errorOf('values')}
          onChange={(values) => set({ values })}
        />
      ) : null}
      {kind === 'id' && 'values' in condition ? (
        <CheckGroup
          legend={t('rules.editor.value')}
          error={errorOf('values')}
          options={ids[condition.field as keyof IdOptions]}
          value={condition.values as number[]}
          onChange={(values) => set({ values })}
        />
      ) : null}
      <button type="button" className="button secondary small" onClick={onRemove}>
        {t('rules.editor.removeCondition')}
      </button>
    </fieldset>
  );
}

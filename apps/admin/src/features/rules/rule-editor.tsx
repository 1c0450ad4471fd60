import { returnRule, type Locale, type ReturnRule } from '@return-center/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionRow } from './action-row';
import { ConditionRow, type IdOptions } from './condition-row';
import { problemsOf } from './rule-problems';
import { actionFor, conditionFor } from './rule-words';
import { SelectInput, TextInput } from './value-inputs';

interface Props {
  rule: ReturnRule;
  currency: string;
  ids: IdOptions;
  shopAddress: Parameters<typeof actionFor>[1];
  languages: readonly Locale[];
  onDone: (rule: ReturnRule) => void;
  onCancel: () => void;
}

/**
 * One rule in form controls, checked with the contract's schema when the merchant is done: each refused field says why
 * beside it, and nothing typed is lost.
 */
export function RuleEditor({ rule, currency, ids, shopAddress, languages, onDone, onCancel }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(rule);
  const [problems, setProblems] = useState<Map<string, string>>(new Map());
  const summary = useRef<HTMLParagraphElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const set = (change: Partial<ReturnRule>) => setDraft({ ...draft, ...change });
  const under = (prefix: string) => (field: string) => problems.get(`${prefix}.${field}`);
  const done = () => {
    const found = problemsOf(draft, t);
    setProblems(found);
    if (found.size === 0) onDone(returnRule.parse(draft));
    else requestAnimationFrame(() => summary.current?.focus());
  };
  return (
    <section className="card rule-editor" aria-labelledby="rule-editor-title">
      <h2 id="rule-editor-title" ref={heading} tabIndex={-1}>
        {t('rules.editor.title')}
      </h2>
      {problems.size > 0 ? (
        <p ref={summary} tabIndex={-1} role="alert" className="error">
          {t('rules.editor.invalid')}
        </p>
      ) : null}
      <TextInput
        label={t('rules.editor.name')}
        value={draft.name}
        error={problems.get('name')}
        onChange={(name) => set({ name })}
      />
      <SelectInput
        label={t('rules.editor.match')}
        value={draft.match}
        options={[
          ['all', t('rules.editor.all')],
          ['any', t('rules.editor.any')],
        ]}
        onChange={(match) => set({ match })}
      />
      <h3>{t('rules.editor.conditions')}</h3>
      {draft.conditions.length === 0 ? <p className="hint">{t('rules.editor.noConditions')}</p> : null}
      {draft.conditions.map((condition, index) => (
        <ConditionRow
          key={`${String(index)}-${condition.field}`}
          name={`${t('rules.editor.conditions')} ${String(index + 1)}`}
          condition={condition}
          currency={currency}
          ids={ids}
          errorOf={under(`conditions.${String(index)}`)}
          onChange={(changed) => set({ conditions: draft.conditions.map((c, i) => (i === index ? changed : c)) })}
          onRemove={() => set({ conditions: draft.conditions.filter((_, i) => i !== index) })}
        />
      ))}
      <button
        type="button"
        className="button secondary"
        onClick={() => set({ conditions: [...draft.conditions, conditionFor('collection')] })}
      >
        {t('rules.editor.addCondition')}
      </button>
      <h3>{t('rules.editor.actions')}</h3>
      {problems.get('actions') ? <p className="error">{problems.get('actions')}</p> : null}
      {draft.actions.map((action, index) => (
        <ActionRow
          key={`${String(index)}-${action.type}`}
          name={`${t('rules.editor.actions')} ${String(index + 1)}`}
          action={action}
          currency={currency}
          ids={ids}
          shopAddress={shopAddress}
          languages={languages}
          errorOf={under(`actions.${String(index)}`)}
          onChange={(changed) => set({ actions: draft.actions.map((a, i) => (i === index ? changed : a)) })}
          onRemove={() => set({ actions: draft.actions.filter((_, i) => i !== index) })}
        />
      ))}
      <button
        type="button"
        className="button secondary"
        onClick={() => set({ actions: [...draft.actions, actionFor('deny', shopAddress)] })}
      >
        {t('rules.editor.addAction')}
      </button>
      <div className="rule-editor-actions">
        <button type="button" className="button" onClick={done}>
          {t('rules.editor.done')}
        </button>
        <button type="button" className="button secondary" onClick={onCancel}>
          {t('rules.editor.cancel')}
        </button>
      </div>
    </section>
  );
}

import type { Locale, ReturnRule, RuleSetBody } from '@return-center/contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LeaveGuard } from '../../shared/ui/leave-guard';
import { Page } from '../../shared/ui/page';
import type { IdOptions } from './condition-row';
import { RuleEditor } from './rule-editor';
import { RuleList } from './rule-list';
import { isConflict, saveRules, type Loaded } from './rules-api';
import { Simulator } from './simulator';
import { ListInput } from './value-inputs';
import { newRule, type actionFor } from './rule-words';

interface Props {
  initial: Loaded;
  ids: IdOptions;
  shopAddress: Parameters<typeof actionFor>[1];
  languages: readonly Locale[];
  currency: string;
  editable: boolean;
  reload: () => Promise<Loaded | undefined>;
}

const LISTS = ['emails', 'addresses', 'order_patterns'] as const;

/** The rules as the merchant edits them: saved whole over the version they were read at. */
export function RulesEditor({ initial, ids, shopAddress, languages, currency, editable, reload }: Props) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState(initial);
  const [draft, setDraft] = useState<RuleSetBody>({ rules: initial.set.rules, lists: initial.set.lists });
  const [editing, setEditing] = useState<{ index: number; rule: ReturnRule } | null>(null);
  const [dirty, setDirty] = useState(false);
  // Where the focus goes back to when the rule editor closes: the rule's Edit button, else "Add a rule".
  const returnTo = useRef<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (editing || returnTo.current === null) return;
    const edit = document.querySelector<HTMLButtonElement>(`[data-edit="${returnTo.current}"]`);
    (edit ?? addButton.current)?.focus();
    returnTo.current = null;
  }, [editing]);
  const close = (id: string) => {
    returnTo.current = id;
    setEditing(null);
  };
  const change = (next: RuleSetBody) => {
    setDraft(next);
    setDirty(true);
  };
  const save = useMutation({
    mutationFn: () => saveRules(draft, loaded.version),
    onSuccess: (saved) => {
      setLoaded(saved);
      setDirty(false);
    },
  });
  const loadTheirs = async () => {
    const theirs = await reload();
    if (!theirs) return;
    setLoaded(theirs);
    setDraft({ rules: theirs.set.rules, lists: theirs.set.lists });
    setDirty(false);
    save.reset();
  };
  const done = (rule: ReturnRule) => {
    if (!editing) return;
    const rules = [...draft.rules];
    rules.splice(editing.index, editing.index < rules.length ? 1 : 0, rule);
    change({ ...draft, rules });
    close(rule.id);
  };
  const actions = editable ? (
    <button type="button" className="button" disabled={save.isPending || !dirty} onClick={() => save.mutate()}>
      {save.isPending ? t('rules.saving') : t('rules.save')}
    </button>
  ) : null;
  return (
    <Page title={t('rules.title')} actions={actions}>
      <p>{t('rules.intro')}</p>
      {editable ? null : <p className="notice">{t('rules.readOnly')}</p>}
      <p role="status" className="muted">
        {dirty ? t('rules.unsaved') : save.isSuccess ? t('rules.saved') : ''}
      </p>
      {save.isError ? (
        <div role="alert" className="notice error-notice">
          <p>{isConflict(save.error) ? t('rules.conflict') : save.error.message}</p>
          {isConflict(save.error) ? (
            <button type="button" className="button secondary" onClick={() => void loadTheirs()}>
              {t('rules.reload')}
            </button>
          ) : null}
        </div>
      ) : null}
      {editing ? (
        <RuleEditor
          rule={editing.rule}
          currency={currency}
          ids={ids}
          shopAddress={shopAddress}
          languages={languages}
          onDone={done}
          onCancel={() => close(editing.rule.id)}
        />
      ) : (
        <>
          <RuleList
            rules={draft.rules}
            shop={{ currency, ids }}
            editable={editable}
            onChange={(rules) => change({ ...draft, rules })}
            onEdit={(index) => setEditing({ index, rule: draft.rules[index] ?? newRule(index) })}
          />
          {editable ? (
            <button
              ref={addButton}
              type="button"
              className="button secondary"
              onClick={() => setEditing({ index: draft.rules.length, rule: newRule(draft.rules.length) })}
            >
              {t('rules.add')}
            </button>
          ) : null}
        </>
      )}
      <section className="card" aria-labelledby="lists-title">
        <h2 id="lists-title">{t('rules.lists.title')}</h2>
        <p className="hint">{t('rules.lists.hint')}</p>
        {LISTS.map((list) => (
          <ListInput
            key={`${list}-${String(loaded.set.version)}`}
            label={t(`rules.lists.${list}`)}
            values={draft.lists[list]}
            readOnly={!editable}
            onChange={(values) => change({ ...draft, lists: { ...draft.lists, [list]: values } })}
          />
        ))}
      </section>
      <Simulator draft={draft} />
      <LeaveGuard dirty={dirty} body={t('rules.leaveBody')} />
    </Page>
  );
}

import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@return-center/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../shared/ui/field';
import { draftProblems, type EndpointDraft, type FieldErrors } from './webhooks-api';

interface Props {
  initial: EndpointDraft;
  submitLabel: string;
  busy: boolean;
  /** The server's refusal, by field: shown at the field, with what was typed kept. */
  refused: FieldErrors;
  onSubmit: (draft: EndpointDraft) => void;
  onCancel?: () => void;
  /** The address takes the focus as the form opens (an editor opened by a button). */
  focusFirst?: boolean;
}

/** An endpoint's address, description and events, checked by the contract's schema before it is sent. */
export function EndpointForm({ initial, submitLabel, busy, refused, onSubmit, onCancel, focusFirst }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [checked, setChecked] = useState<FieldErrors>({});
  const errors = { ...refused, ...checked };
  const urlRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusFirst) urlRef.current?.focus();
  }, [focusFirst]);
  // A refused address takes the focus, so that the merchant lands where the problem is.
  useEffect(() => {
    if (refused.url) urlRef.current?.focus();
  }, [refused]);
  const submit = () => {
    const problems = draftProblems(draft, (field) => t(`webhooks.errors.${field}`));
    setChecked(problems);
    if (Object.keys(problems).length > 0) return;
    onSubmit({ ...draft, url: draft.url.trim(), description: draft.description.trim() });
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Field label={t('webhooks.url')} hint={t('webhooks.urlHint')} error={errors.url}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            ref={urlRef}
            type="url"
            inputMode="url"
            required
            aria-invalid={invalid}
            aria-describedby={describedBy}
            value={draft.url}
            onChange={(e) => setDraft({ ...draft, url: e.target.value })}
          />
        )}
      </Field>
      <Field label={t('webhooks.description')} hint={t('webhooks.descriptionHint')} error={errors.description}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            value={draft.description}
            onChange={(e) => setDraft({ ...draft, description: e.target.value })}
          />
        )}
      </Field>
      <EventChoice chosen={draft.events} error={errors.events} onChange={(events) => setDraft({ ...draft, events })} />
      {errors.form ? (
        <p role="alert" className="error">
          {errors.form}
        </p>
      ) : null}
      <div className="hooks-actions">
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {busy ? t('webhooks.working') : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button secondary" onClick={onCancel}>
            {t('webhooks.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** The events as a group of checkboxes, with one that chooses (or clears) them all. */
function EventChoice({
  chosen,
  error,
  onChange,
}: {
  chosen: WebhookEventType[];
  error: string | undefined;
  onChange: (events: WebhookEventType[]) => void;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  const allRef = useRef<HTMLInputElement>(null);
  const all = chosen.length === WEBHOOK_EVENT_TYPES.length;
  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = chosen.length > 0 && !all;
  }, [chosen, all]);
  const toggle = (type: WebhookEventType, on: boolean) =>
    onChange(WEBHOOK_EVENT_TYPES.filter((each) => (each === type ? on : chosen.includes(each))));
  return (
    <fieldset className="hooks-events" aria-describedby={error ? errorId : undefined}>
      <legend>{t('webhooks.events')}</legend>
      <label className="hooks-all">
        <input
          ref={allRef}
          type="checkbox"
          checked={all}
          onChange={(e) => onChange(e.target.checked ? [...WEBHOOK_EVENT_TYPES] : [])}
        />
        {t('webhooks.allEvents')}
      </label>
      <ul>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <li key={type}>
            <label>
              <input type="checkbox" checked={chosen.includes(type)} onChange={(e) => toggle(type, e.target.checked)} />
              <code>{type}</code>
            </label>
          </li>
        ))}
      </ul>
      {error ? (
        <p id={errorId} className="error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

import { NOTE_MAX, type MerchantRequest } from '@return-center/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTime } from '../../shared/format';
import { Field } from '../../shared/ui/field';
import { useAddNote } from './desk-api';

/** Staff's internal notes, oldest first, and a box to add one; the shopper never sees them. */
export function RequestNotes({ request }: { request: MerchantRequest }) {
  const { t } = useTranslation();
  const add = useAddNote(request.id);
  const [body, setBody] = useState('');
  return (
    <section className="card" aria-labelledby="notes-title">
      <h2 id="notes-title">{t('request.notes.title')}</h2>
      {request.notes.length === 0 ? <p className="muted">{t('request.notes.none')}</p> : null}
      <ol className="timeline">
        {request.notes.map((note) => (
          <li key={note.id}>
            <p className="note-body">{note.body}</p>
            <p className="muted">
              {[...new Set([note.author, note.author_email])].filter(Boolean).join(' · ')} ·{' '}
              <time dateTime={new Date(note.at * 1000).toISOString()}>{dateTime(note.at)}</time>
            </p>
          </li>
        ))}
      </ol>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (body.trim()) add.mutate({ body }, { onSuccess: () => setBody('') });
        }}
      >
        <Field label={t('request.notes.add')} hint={t('request.notes.hint')} error={add.error?.message}>
          {({ id, describedBy, invalid }) => (
            <textarea
              id={id}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              rows={3}
              maxLength={NOTE_MAX}
              value={body}
              onChange={(e) => setBody(e.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="button secondary" disabled={add.isPending || !body.trim()}>
          {t('request.notes.save')}
        </button>
      </form>
    </section>
  );
}

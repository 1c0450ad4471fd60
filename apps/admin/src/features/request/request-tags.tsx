import { tag as tagSchema, type MerchantRequest } from '@return-center/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../shared/ui/field';
import { useSetTags } from './desk-api';

/**
 * Staff's tags on the request, beside the rules' (shown on the page, not editable here: the rules decided them). Any
 * member may remove a staff tag (ADR 037); each change is on the timeline.
 */
export function RequestTags({ request }: { request: MerchantRequest }) {
  const { t } = useTranslation();
  const save = useSetTags(request.id);
  const [draft, setDraft] = useState('');
  const [invalid, setInvalid] = useState('');
  const current = request.staff_tags.map((s) => s.tag);
  const add = () => {
    const parsed = tagSchema.safeParse(draft);
    if (!parsed.success) {
      setInvalid(t('request.deskTags.invalid'));
      return;
    }
    setInvalid('');
    if (!current.includes(parsed.data))
      save.mutate({ tags: [...current, parsed.data] }, { onSuccess: () => setDraft('') });
    else setDraft('');
  };
  return (
    <div className="desk-tags">
      {current.length ? (
        <ul className="chips" aria-label={t('request.deskTags.list')}>
          {request.staff_tags.map((s) => (
            <li key={s.tag} className="chip">
              <span title={t('request.deskTags.addedBy', { who: s.added_by })}>{s.tag}</span>
              <button
                type="button"
                className="chip-remove"
                aria-label={t('request.deskTags.remove', { tag: s.tag })}
                disabled={save.isPending}
                onClick={() => save.mutate({ tags: current.filter((c) => c !== s.tag) })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Field label={t('request.deskTags.add')} error={invalid || save.error?.message}>
        {({ id, describedBy, invalid: bad }) => (
          <span className="inline-form">
            <input
              id={id}
              aria-describedby={describedBy}
              aria-invalid={bad}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
            />
            <button type="button" className="button secondary" disabled={save.isPending || !draft.trim()} onClick={add}>
              {t('request.deskTags.save')}
            </button>
          </span>
        )}
      </Field>
    </div>
  );
}

import type { DeskOrder } from '@return-center/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchDeskOrder } from '../../shared/desk/desk-api';
import { Field } from '../../shared/ui/field';

/** Step one: the order by its number and, to be sure it is the caller's, their email. */
export function FindOrder({ onFound }: { onFound: (order: DeskOrder) => void }) {
  const { t } = useTranslation();
  const [number, setNumber] = useState('');
  const [email, setEmail] = useState('');
  const find = useMutation({
    mutationFn: () => fetchDeskOrder(number, { email: email.trim() || undefined }),
    onSuccess: onFound,
  });
  const submit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    if (number.trim()) find.mutate();
  };
  return (
    <form className="card" aria-labelledby="find-title" onSubmit={submit}>
      <h2 id="find-title">{t('deskReturn.find.title')}</h2>
      <Field label={t('deskReturn.find.order')} hint={t('deskReturn.find.orderHint')}>
        {({ id, describedBy }) => (
          <input
            id={id}
            required
            autoComplete="off"
            aria-describedby={describedBy}
            value={number}
            onChange={(event) => setNumber(event.target.value)}
          />
        )}
      </Field>
      <Field label={t('deskReturn.find.email')}>
        {({ id }) => (
          <input id={id} type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
        )}
      </Field>
      {find.isError ? (
        <p role="alert" className="notice error-notice">
          {find.error.message}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={find.isPending}>
        {find.isPending ? t('common.working') : t('deskReturn.find.submit')}
      </button>
    </form>
  );
}

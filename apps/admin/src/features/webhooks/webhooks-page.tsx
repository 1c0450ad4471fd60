import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../../shared/session';
import { Failed, Loading, Page } from '../../shared/ui/page';
import { EndpointForm } from './endpoint-form';
import { EndpointItem } from './endpoint-item';
import { SecretNotice } from './secret-notice';
import { createEndpoint, draftOf, HOOKS_KEY, listEndpoints, refusedFields, type EndpointDraft } from './webhooks-api';
import './webhooks.css';

/**
 * The shop's outbound webhooks (issue 34): the endpoints and their deliveries. The owner adds and changes endpoints
 * (a new secret is shown once); staff read.
 */
export function Component() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const owner = useSignedIn().account.role === 'owner';
  const endpoints = useQuery({ queryKey: [...HOOKS_KEY, 'list'], queryFn: listEndpoints });
  // A new form after each endpoint added: the next one starts empty.
  const [round, setRound] = useState(0);
  const create = useMutation({
    mutationFn: (draft: EndpointDraft) => createEndpoint(draft),
    onSuccess: () => {
      setRound((n) => n + 1);
      void client.invalidateQueries({ queryKey: HOOKS_KEY });
    },
  });
  return (
    <Page title={t('webhooks.title')}>
      <p>{t('webhooks.intro')}</p>
      <details className="card hooks-verify">
        <summary>{t('webhooks.verifyTitle')}</summary>
        <p>{t('webhooks.verify')}</p>
      </details>
      {owner ? (
        <section className="card" aria-labelledby="hooks-add-title">
          <h2 id="hooks-add-title">{t('webhooks.addTitle')}</h2>
          <EndpointForm
            key={round}
            initial={draftOf()}
            submitLabel={t('webhooks.add')}
            busy={create.isPending}
            refused={create.error ? refusedFields(create.error) : {}}
            onSubmit={(draft) => create.mutate(draft)}
          />
          {create.data ? (
            <SecretNotice url={create.data.url} secret={create.data.secret} onDone={() => create.reset()} />
          ) : null}
        </section>
      ) : (
        <p className="notice">{t('webhooks.readOnly')}</p>
      )}
      <section aria-labelledby="hooks-list-title">
        <h2 id="hooks-list-title">{t('webhooks.listTitle')}</h2>
        {endpoints.isPending ? <Loading label={t('common.loading')} /> : null}
        {endpoints.isError ? <Failed message={endpoints.error.message} retry={() => void endpoints.refetch()} /> : null}
        {endpoints.data?.length === 0 ? <p className="muted">{t('webhooks.none')}</p> : null}
        {endpoints.data?.map((endpoint) => (
          <EndpointItem key={endpoint.id} endpoint={endpoint} owner={owner} />
        ))}
      </section>
    </Page>
  );
}

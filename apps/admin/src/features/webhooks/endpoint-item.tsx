import type { WebhookEndpoint } from '@return-center/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { Deliveries } from './deliveries';
import { EndpointForm } from './endpoint-form';
import { SecretNotice } from './secret-notice';
import { changeEndpoint, draftOf, HOOKS_KEY, refusedFields, rotateSecret, type EndpointDraft } from './webhooks-api';

/**
 * One endpoint: its address, description, events and whether it is on (and why not). The owner edits it, turns it off
 * and on, and rotates its secret; anyone opens its deliveries.
 */
export function EndpointItem({ endpoint, owner }: { endpoint: WebhookEndpoint; owner: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const titleId = useId();
  const deliveriesId = useId();
  const [editing, setEditing] = useState(false);
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [asking, setAsking] = useState(false);
  // Back from the editor (saved or cancelled), the focus returns to its Edit button.
  const editRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (!editing && wasEditing.current) editRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const refresh = () => void client.invalidateQueries({ queryKey: HOOKS_KEY });
  const save = useMutation({
    mutationFn: (draft: EndpointDraft) => changeEndpoint(endpoint.id, draft),
    onSuccess: () => {
      setEditing(false);
      refresh();
    },
  });
  const toggle = useMutation({
    mutationFn: () => changeEndpoint(endpoint.id, { enabled: !endpoint.enabled }),
    onSuccess: refresh,
  });
  const rotate = useMutation({
    mutationFn: () => rotateSecret(endpoint.id),
    onSuccess: () => setAsking(false),
  });
  return (
    <article className="card hooks-endpoint" aria-labelledby={titleId}>
      <header className="hooks-endpoint-head">
        <h3 id={titleId} className="wrap-anywhere">
          {endpoint.url}
        </h3>
        <span className={`badge ${endpoint.enabled ? 'hooks-on' : 'hooks-off'}`}>
          {endpoint.enabled ? t('webhooks.on') : t('webhooks.off')}
        </span>
      </header>
      {endpoint.description ? <p>{endpoint.description}</p> : null}
      {endpoint.enabled ? null : (
        <p className="hooks-why">
          {endpoint.disabled_reason
            ? t('webhooks.offBy', { reason: endpoint.disabled_reason })
            : t('webhooks.offByMerchant')}
        </p>
      )}
      <p>
        <span className="muted">{t('webhooks.subscribed')}: </span>
        {endpoint.events.map((type, index) => (
          <span key={type}>
            {index > 0 ? ', ' : ''}
            <code>{type}</code>
          </span>
        ))}
      </p>
      {editing ? (
        <section aria-label={t('webhooks.editTitle', { url: endpoint.url })}>
          <EndpointForm
            initial={draftOf(endpoint)}
            focusFirst
            submitLabel={t('webhooks.save')}
            busy={save.isPending}
            refused={save.error ? refusedFields(save.error) : {}}
            onSubmit={(draft) => save.mutate(draft)}
            onCancel={() => {
              save.reset();
              setEditing(false);
            }}
          />
        </section>
      ) : null}
      {rotate.data ? (
        <SecretNotice url={endpoint.url} secret={rotate.data.secret} onDone={() => rotate.reset()} />
      ) : null}
      {toggle.error ? (
        <p role="alert" className="error">
          {toggle.error.message}
        </p>
      ) : null}
      <div className="hooks-actions">
        {owner && !editing ? (
          <>
            <button ref={editRef} type="button" className="button secondary small" onClick={() => setEditing(true)}>
              {t('webhooks.edit')}
            </button>
            <button
              type="button"
              className="button secondary small"
              disabled={toggle.isPending}
              onClick={() => toggle.mutate()}
            >
              {endpoint.enabled ? t('webhooks.turnOff') : t('webhooks.turnOn')}
            </button>
            <button type="button" className="button secondary small" onClick={() => setAsking(true)}>
              {t('webhooks.rotate')}
            </button>
          </>
        ) : null}
        <button
          type="button"
          className="button secondary small"
          aria-expanded={showDeliveries}
          aria-controls={deliveriesId}
          onClick={() => setShowDeliveries(!showDeliveries)}
        >
          {t('webhooks.showDeliveries')}
        </button>
      </div>
      <div id={deliveriesId}>{showDeliveries ? <Deliveries endpoint={endpoint} owner={owner} /> : null}</div>
      <ConfirmDialog
        open={asking}
        title={t('webhooks.rotateTitle', { url: endpoint.url })}
        confirmLabel={t('webhooks.rotate')}
        busy={rotate.isPending}
        error={rotate.error?.message}
        onConfirm={() => rotate.mutate()}
        onClose={() => setAsking(false)}
      >
        <p>{t('webhooks.rotateBody')}</p>
      </ConfirmDialog>
    </article>
  );
}

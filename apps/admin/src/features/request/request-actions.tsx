import { REJECT_REASON_MAX, rejectBody, refundBody, type MerchantRequest } from '@return-center/contract';
import { minorToDecimal, nextStatus, parseMinor, REQUEST_ACTIONS, type RequestAction } from '@return-center/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../../shared/format';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { Field } from '../../shared/ui/field';
import { useAction } from './request-api';
import { draftBody, InspectionForm, startDraft, type InspectionDraft } from './request-inspection';

/**
 * The actions the request's state allows (the domain's state machine, the one the server enforces), each behind a
 * confirmation. Reject asks why; refund asks how much, up to what the return was computed to be worth.
 */
export function RequestActions({ request }: { request: MerchantRequest }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<RequestAction | null>(null);
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState(() => minorToDecimal(request.refundable, request.currency));
  // Receiving may inspect each item (issue 33); without it every unit is received and accepted, as before.
  const [inspecting, setInspecting] = useState(false);
  const [draft, setDraft] = useState<InspectionDraft>(() => startDraft(request));
  const action = useAction(request.id);
  const facts = { status: request.status, shippingMethodId: request.shipping_method_id };
  const legal = REQUEST_ACTIONS.filter((name) => nextStatus(facts, name) !== null);

  const refundMinor = (() => {
    try {
      return parseMinor(amount.trim(), request.currency);
    } catch {
      return NaN;
    }
  })();
  // The bodies the contract takes, and the ceiling the server sent with the request: nothing decided here again.
  const refund = refundBody.safeParse({ amount: refundMinor });
  const reject = rejectBody.safeParse({ reason });
  const amountError =
    open === 'refund' && !(refund.success && (refund.data.amount ?? 0) <= request.refundable)
      ? t('request.amountRule', { max: money(request.refundable, request.currency) })
      : undefined;
  const reasonError = open === 'reject' && !reject.success ? t('request.reasonRequired') : undefined;
  const inspection = inspecting ? draftBody(draft) : {};
  const inspectionError = open === 'receive' && inspection === null ? t('request.inspect.quantityRule') : undefined;

  const confirm = () => {
    if (!open || amountError || reasonError || inspectionError) return;
    const body =
      (open === 'reject'
        ? reject.data
        : open === 'refund'
          ? refund.data
          : open === 'receive'
            ? inspection
            : undefined) ?? {};
    action.mutate({ action: open, body }, { onSuccess: () => setOpen(null) });
  };

  if (legal.length === 0) return <p className="muted">{t('request.noActions')}</p>;
  return (
    <div className="actions" role="group" aria-label={t('request.actions')}>
      {legal.map((name) => (
        <button
          key={name}
          type="button"
          className={name === 'reject' ? 'button danger' : 'button'}
          onClick={() => {
            action.reset();
            // The refund offers what the server says is refundable now (after an inspection, the accepted items').
            if (name === 'refund') setAmount(minorToDecimal(request.refundable, request.currency));
            if (name === 'receive') setDraft(startDraft(request));
            setOpen(name);
          }}
        >
          {t(`request.action.${name}`)}
        </button>
      ))}
      <ConfirmDialog
        open={open !== null}
        title={open ? t(`request.confirm.${open}`, { order: request.order_no }) : ''}
        confirmLabel={open ? t(`request.action.${open}`) : ''}
        busy={action.isPending}
        error={inspectionError ?? action.error?.message}
        onConfirm={confirm}
        onClose={() => setOpen(null)}
      >
        {open === 'reject' ? (
          <Field label={t('request.rejectReason')} error={reasonError}>
            {({ id, describedBy, invalid }) => (
              <textarea
                id={id}
                rows={3}
                maxLength={REJECT_REASON_MAX}
                required
                aria-invalid={invalid}
                aria-describedby={describedBy}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            )}
          </Field>
        ) : null}
        {open === 'refund' ? (
          <Field
            label={t('request.refundAmount', { currency: request.currency })}
            hint={t('request.refundHint', { max: money(request.refundable, request.currency) })}
            error={amountError}
          >
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                inputMode="decimal"
                aria-invalid={invalid}
                aria-describedby={describedBy}
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
            )}
          </Field>
        ) : null}
        {open && open !== 'reject' && open !== 'refund' ? <p>{t(`request.explain.${open}`)}</p> : null}
        {open === 'receive' ? (
          <>
            <label className="check">
              <input type="checkbox" checked={inspecting} onChange={(e) => setInspecting(e.target.checked)} />
              {t('request.inspect.toggle')}
            </label>
            {inspecting ? <InspectionForm request={request} draft={draft} onChange={setDraft} /> : null}
          </>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}

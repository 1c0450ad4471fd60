import { Code } from '@return-center/contract';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session-store';
import { useUi } from '../../../shared/ui-store';
import { Field } from '../../../shared/ui/field';
import { ProofUploader } from '../../../shared/ui/proof-uploader';
import { addTracking, useCarriers } from '../api/status';

/** Add the shipment's tracking number (spec screen 7). */
export function TrackingForm({ requestId, onAdded }: { requestId: number; onAdded: () => void }) {
  const { t } = useTranslation();
  const toast = useUi((state) => state.toast);
  const language = useSession((state) => state.language);
  const carriers = useCarriers();
  const [carrier, setCarrier] = useState('');
  const [number, setNumber] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [proof, setProof] = useState<string[]>([]);

  // A failed request ends in .catch() (the client has told the shopper), so the form handler need not wait for this.
  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const pattern = carriers.data?.find((c) => c.value === carrier)?.pattern;
    if (!carrier || !pattern || !new RegExp(pattern).test(number.replace(/\s+/g, '').toUpperCase())) {
      setError(t('status.trackingInvalid'));
      return;
    }
    setBusy(true);
    const answer = await addTracking({
      request_id: requestId,
      tracking_number: number.trim(),
      shipping_carrier: carrier,
      code: language,
      provide_proof: proof,
    }).catch(() => null);
    setBusy(false);
    if (answer?.code === Code.Success) {
      toast(t('status.trackingAdded'), { kind: 'success', key: 'tracking' });
      onAdded();
    } else if (answer) setError(answer.msg);
  }

  return (
    <form className="rc-form rc-card" onSubmit={(event) => void submit(event)} noValidate>
      <h2 className="rc-subtitle">{t('status.addTracking')}</h2>
      <div className="rc-field">
        <label htmlFor="rc-carrier">{t('status.carrier')}</label>
        <select id="rc-carrier" value={carrier} onChange={(e) => setCarrier(e.target.value)}>
          <option value="">{t('status.chooseCarrier')}</option>
          {carriers.data?.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <Field
        label={t('status.trackingNumber')}
        value={number}
        onChange={(e) => setNumber(e.target.value)}
        error={error}
        autoComplete="off"
      />
      <ProofUploader label={t('status.shipmentProof')} value={proof} onChange={setProof} />
      <button type="submit" className="rc-button" disabled={busy} aria-busy={busy}>
        {t('status.saveTracking')}
      </button>
    </form>
  );
}

import { MAX_REASON_DESCRIPTION } from '@return-center/contract';
import type { OrderLine, Reason } from '@return-center/contract';
import { lacksRequiredProof } from '@return-center/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogActions } from '../../../shared/ui/dialog';
import type { FormItem } from '../../../shared/return-form';
import { ProofUploader } from '../../../shared/ui/proof-uploader';

interface Props {
  line: OrderLine;
  reasons: Reason[];
  initial: FormItem | undefined;
  onSave: (item: FormItem) => void;
  onClose: () => void;
}

/** "Why are you returning this item?": quantity, reason, description and proof. */
export function ReasonDialog({ line, reasons, initial, onSave, onClose }: Props) {
  const { t } = useTranslation();
  const [quantity, setQuantity] = useState(initial?.quantity || 1);
  const [reasonId, setReasonId] = useState(initial?.reason_id ?? 0);
  const [description, setDescription] = useState(initial?.reason_description ?? '');
  const [proof, setProof] = useState<string[]>(initial?.provide_proof ?? []);
  const [error, setError] = useState('');
  const reason = reasons.find((r) => r.id === reasonId);

  const save = () => {
    if (!reason) {
      setError(t('flow.chooseReason'));
      return;
    }
    if (lacksRequiredProof(reason, proof)) {
      setError(t('flow.provideRequired'));
      return;
    }
    onSave({
      line_item_id: line.line_item_id,
      product_id: line.product_id,
      variant: line.variant,
      quantity,
      reason_id: reason.id,
      reason_group_id: reason.group_id,
      reason_text: reason.text,
      reason_description: description,
      provide_proof: proof,
    });
  };

  return (
    <Dialog title={t('flow.reasonTitle')} open onClose={onClose} hideClose>
      <p className="rc-dialog__item">{[line.title, line.variant_title].filter(Boolean).join(' / ')}</p>
      <div className="rc-form">
        <div className="rc-field">
          <label htmlFor="rc-quantity">{t('flow.quantity')}</label>
          <select id="rc-quantity" value={quantity} onChange={(e) => setQuantity(Number(e.target.value))}>
            {Array.from({ length: line.refundable_quantity }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="rc-field">
          <legend>{t('flow.reason')}</legend>
          {reasons.map((r) => (
            <label key={r.id} className="rc-radio">
              <input
                type="radio"
                name="rc-reason"
                value={r.id}
                checked={reasonId === r.id}
                onChange={() => {
                  setReasonId(r.id);
                  setError('');
                }}
              />
              {r.text}
            </label>
          ))}
        </fieldset>
        <div className="rc-field">
          <label htmlFor="rc-description">{t('flow.description')}</label>
          <textarea
            id="rc-description"
            rows={3}
            maxLength={MAX_REASON_DESCRIPTION}
            value={description}
            placeholder={t('flow.descriptionHint')}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <ProofUploader
          label={reason?.proof === 'required' ? t('flow.proofRequired') : t('flow.proofOptional')}
          value={proof}
          onChange={setProof}
        />
        {error ? (
          <p className="rc-field__error" role="alert">
            {error}
          </p>
        ) : null}
        <DialogActions onCancel={onClose} onSave={save} />
      </div>
    </Dialog>
  );
}

import { MAX_PROOF_IMAGES, TOAST_DURATIONS } from '@return-center/contract';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkFile, uploadProof } from '../uploads';
import { useUi } from '../ui-store';
import { appUrl } from '../base-path';

interface Pending {
  id: string;
  name: string;
  progress: number;
}

/** Up to 5 proof photos with a progress bar each; any photo can be removed. */
export function ProofUploader({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string[];
  onChange: (urls: string[]) => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const toast = useUi((state) => state.toast);
  const [pending, setPending] = useState<Pending[]>([]);

  // uploadProof() never rejects (a failure is '' and a toast), so the input's handler need not wait for this.
  async function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    let urls = value;
    let count = value.length + pending.length;
    for (const file of files) {
      const problem = checkFile(file, count);
      if (problem) {
        toast(t(`upload.${problem}`), { kind: 'error', key: `upload-${problem}` });
        if (problem === 'limit') break;
        continue;
      }
      count += 1;
      const id = crypto.randomUUID();
      setPending((list) => [...list, { id, name: file.name, progress: 0 }]);
      const url = await uploadProof(file, (progress) =>
        setPending((list) => list.map((p) => (p.id === id ? { ...p, progress } : p))),
      );
      setPending((list) => list.filter((p) => p.id !== id));
      if (url) {
        urls = [...urls, url];
        onChange(urls);
      } else toast(t('upload.failed'), { kind: 'error', key: 'upload-failed', duration: TOAST_DURATIONS.normal });
    }
  }

  return (
    <div className="rc-field">
      <span className="rc-field__label">{label}</span>
      <ul className="rc-proofs">
        {value.map((url, index) => (
          <li key={url} className="rc-proof">
            <img src={appUrl(url)} alt={t('upload.photo', { index: index + 1 })} width={72} height={72} />
            <button
              type="button"
              className="rc-proof__remove"
              aria-label={t('upload.remove', { index: index + 1 })}
              onClick={() => onChange(value.filter((u) => u !== url))}
            >
              ×
            </button>
          </li>
        ))}
        {pending.map((p) => (
          <li key={p.id} className="rc-proof rc-proof--pending">
            <progress max={1} value={p.progress} aria-label={t('upload.progress', { name: p.name })} />
          </li>
        ))}
      </ul>
      {value.length + pending.length < MAX_PROOF_IMAGES ? (
        <label htmlFor={inputId} className="rc-button rc-button--secondary rc-proof__add">
          {t('upload.add')}
          <input
            id={inputId}
            className="rc-visually-hidden"
            type="file"
            accept="image/jpeg,image/png,image/gif"
            multiple
            onChange={(event) => void onFiles(event)}
          />
        </label>
      ) : null}
      <p className="rc-note">{t('upload.rules')}</p>
    </div>
  );
}

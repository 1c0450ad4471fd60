import { useTranslation } from 'react-i18next';

/** Proof images for a returned item. Upload support arrives with the uploads API; until then the list shows what is attached. */
export function ProofUploader({ label, value }: { label: string; value: string[]; onChange(urls: string[]): void }) {
  const { t } = useTranslation();
  return (
    <div className="rc-field">
      <span className="rc-field__label">{label}</span>
      {value.length ? (
        <ul className="rc-proofs">
          {value.map((url) => (
            <li key={url}>
              <img src={url} alt="" width={64} height={64} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="rc-note">{t('flow.proofNone')}</p>
      )}
    </div>
  );
}

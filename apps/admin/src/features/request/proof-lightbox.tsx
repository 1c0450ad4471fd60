import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The shopper's proof photos as thumbnails; one opens large in a modal, where the arrow keys (or the buttons) go
 * through them and Escape closes.
 */
export function ProofPhotos({ photos, item }: { photos: string[]; item: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<number | null>(null);
  const ref = useRef<HTMLDialogElement>(null);
  const count = photos.length;
  const step = (by: number) => setShown((index) => (index === null ? null : (index + by + count) % count));
  useEffect(() => {
    const dialog = ref.current;
    if (shown !== null && dialog && !dialog.open) dialog.showModal();
    if (shown === null && dialog?.open) dialog.close();
  }, [shown]);
  useEffect(() => {
    const dialog = ref.current;
    const onKey = (event: KeyboardEvent) => {
      // The next photo lies the way the text reads: to the left in Arabic and Hebrew.
      const forward = getComputedStyle(event.currentTarget as Element).direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
      const back = forward === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft';
      const by = event.key === forward ? 1 : event.key === back ? -1 : 0;
      if (by) setShown((index) => (index === null ? null : (index + by + count) % count));
    };
    dialog?.addEventListener('keydown', onKey);
    return () => dialog?.removeEventListener('keydown', onKey);
  }, [count]);
  if (photos.length === 0) return <p className="muted">{t('request.noPhotos')}</p>;
  return (
    <>
      <ul className="thumbs" aria-label={t('request.photosOf', { item })}>
        {photos.map((url, index) => (
          <li key={url}>
            <button type="button" className="thumb" onClick={() => setShown(index)}>
              <img src={url} alt={t('request.photoN', { n: index + 1, item })} loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
      <dialog
        ref={ref}
        className="dialog lightbox"
        aria-label={t('request.photosOf', { item })}
        // Escape closes through the state (as ConfirmDialog does), so reopening the same photo at once is not lost.
        onCancel={(event) => {
          event.preventDefault();
          setShown(null);
        }}
        onClose={() => setShown(null)}
      >
        {shown !== null ? (
          <figure>
            <img src={photos[shown]} alt={t('request.photoN', { n: shown + 1, item })} />
            <figcaption>{t('request.photoCount', { n: shown + 1, count: photos.length })}</figcaption>
          </figure>
        ) : null}
        <div className="dialog-actions">
          {photos.length > 1 ? (
            <>
              <button type="button" className="button secondary" onClick={() => step(-1)}>
                {t('request.previous')}
              </button>
              <button type="button" className="button secondary" onClick={() => step(1)}>
                {t('request.next')}
              </button>
            </>
          ) : null}
          <button type="button" className="button" onClick={() => setShown(null)}>
            {t('request.close')}
          </button>
        </div>
      </dialog>
    </>
  );
}

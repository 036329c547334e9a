import { useEffect, useRef } from 'react';
import { t } from '../i18n';
import type { Gallery } from './trace-view';

/** Full-size photo over the page; Esc, the backdrop or × closes it, arrows move. */
export function Lightbox({ gallery, onChange }: { gallery: Gallery; onChange: (g: Gallery | null) => void }) {
  const { photos, index } = gallery;
  const closeRef = useRef<HTMLButtonElement>(null);
  const total = photos.length;
  const go = (delta: number) => onChange({ photos, index: (index + delta + total) % total });

  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onChange(null);
      else if (e.key === 'ArrowRight' && total > 1) onChange({ photos, index: (index + 1) % total });
      else if (e.key === 'ArrowLeft' && total > 1) onChange({ photos, index: (index - 1 + total) % total });
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [photos, index, total, onChange]);

  const photo = photos[index];
  return (
    <div
      className="lightbox"
      role="dialog"
      aria-modal="true"
      aria-label={t('photoOf', { n: index + 1, total })}
      data-testid="trace-lightbox"
      onClick={(e) => e.target === e.currentTarget && onChange(null)}
    >
      <button ref={closeRef} type="button" className="lb-close" onClick={() => onChange(null)} aria-label={t('close')}>
        ×
      </button>
      <img key={photo.url} src={photo.url} alt={t('photoOf', { n: index + 1, total })} />
      {total > 1 && (
        <div className="lb-nav">
          <button type="button" onClick={() => go(-1)} aria-label={t('previous')}>
            ‹
          </button>
          <span>{t('photoOf', { n: index + 1, total })}</span>
          <button type="button" onClick={() => go(1)} aria-label={t('next')}>
            ›
          </button>
        </div>
      )}
    </div>
  );
}

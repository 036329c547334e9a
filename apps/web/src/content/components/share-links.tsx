import { useState } from 'react';
import { t } from '../i18n';

/** Share URLs of the networks people use here (Zalo's needs an app id: the device's share sheet covers it). */
export function shareTargets(url: string, title: string): { network: string; href: string }[] {
  const u = encodeURIComponent(url);
  return [
    { network: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { network: 'X', href: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(title)}` },
    { network: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  ];
}

export function ShareLinks({ url, title }: { url: string; title: string }) {
  const [copied, setCopied] = useState(false);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  return (
    <section className="share" aria-label={t('share')} data-testid="share-links">
      <span className="share-label">{t('share')}:</span>
      {shareTargets(url, title).map(({ network, href }) => (
        <a
          key={network}
          className="chip"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('shareOn', { network })}
        >
          {network}
        </a>
      ))}
      {canShare && (
        <button
          type="button"
          className="chip"
          onClick={() => void navigator.share({ url, title }).catch(() => undefined)}
        >
          {t('shareMore')}
        </button>
      )}
      <button
        type="button"
        className="chip"
        onClick={() =>
          void navigator.clipboard?.writeText(url).then(
            () => setCopied(true),
            () => undefined,
          )
        }
        data-testid="share-copy"
      >
        {copied ? t('copied') : t('copyLink')}
      </button>
      <span className="sr-only" aria-live="polite">
        {copied ? t('copied') : ''}
      </span>
    </section>
  );
}

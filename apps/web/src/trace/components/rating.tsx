import { useState, type FormEvent } from 'react';
import { VOTE_COMMENT_MAX } from '@agrihub/contract/trace-steps';
import type { RatingSummary } from '@agrihub/contract/schemas/trace-public';
import { sendVote } from '../api';
import { t } from '../i18n';

const STARS = [1, 2, 3, 4, 5] as const;
const votedKey = (code: string) => `trace-voted:${code}`;

function alreadyVoted(code: string): boolean {
  try {
    return localStorage.getItem(votedKey(code)) === '1';
  } catch {
    return false;
  }
}

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done' } | { kind: 'error'; message: string };

/** Consumer rating: 1–5 stars and an optional comment, POST /api/v1/votes; the summary follows the vote. */
export function Rating({ code, summary: loaded }: { code: string; summary: RatingSummary | null }) {
  const [summary, setSummary] = useState(loaded);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [status, setStatus] = useState<Status>(alreadyVoted(code) ? { kind: 'done' } : { kind: 'idle' });

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!rating) {
      setStatus({ kind: 'error', message: t('chooseStars') });
      return;
    }
    setStatus({ kind: 'sending' });
    const result = await sendVote(code, rating, comment);
    if (result.ok) {
      try {
        localStorage.setItem(votedKey(code), '1');
      } catch {
        /* private mode: nothing to remember */
      }
      if (result.rating) setSummary(result.rating);
      setStatus({ kind: 'done' });
    } else {
      setStatus({ kind: 'error', message: result.message ?? t('sendFailed') });
    }
  }

  return (
    <section className="card" aria-labelledby="rating-title" data-testid="trace-rating">
      <h2 id="rating-title">{t('rating')}</h2>
      {summary && (
        <p className="muted small" aria-live="polite" data-testid="trace-rating-summary">
          {summary.count > 0 && summary.average != null
            ? t('ratingSummary', { average: summary.average.toFixed(1), count: summary.count })
            : t('noRatings')}
        </p>
      )}
      {status.kind === 'done' ? (
        <p className="thanks" role="status" data-testid="trace-rating-thanks">
          {t('thanks')}
        </p>
      ) : (
        <form onSubmit={submit} noValidate>
          <fieldset className="stars">
            <legend>{t('yourRating')}</legend>
            {STARS.map((n) => (
              <label key={n} className={n <= rating ? 'star on' : 'star'} title={t('star', { n })}>
                <input
                  type="radio"
                  name="rating"
                  value={n}
                  checked={rating === n}
                  onChange={() => setRating(n)}
                  data-testid={`trace-star-${n}`}
                />
                <span aria-hidden="true">★</span>
                <span className="sr-only">{t('star', { n })}</span>
              </label>
            ))}
          </fieldset>
          <label className="field">
            <span>{t('comment')}</span>
            <textarea
              value={comment}
              maxLength={VOTE_COMMENT_MAX}
              rows={3}
              placeholder={t('commentPlaceholder')}
              onChange={(e) => setComment(e.target.value)}
              data-testid="trace-rating-comment"
            />
          </label>
          {status.kind === 'error' && (
            <p className="error" role="alert" data-testid="trace-rating-error">
              {status.message}
            </p>
          )}
          <button
            type="submit"
            className="button"
            disabled={status.kind === 'sending'}
            data-testid="trace-rating-submit"
          >
            {status.kind === 'sending' ? t('sending') : t('send')}
          </button>
        </form>
      )}
    </section>
  );
}

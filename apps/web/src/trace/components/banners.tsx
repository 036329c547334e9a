import { formatDate, formatDateTime, t } from '../i18n';
import type { TraceRecord } from '../types';

/** Recall (red), hold, expiry and duplicate-scan warnings, most serious first. */
export function Banners({ trace }: { trace: TraceRecord }) {
  const { recall, hold, duplicate_warning: duplicate } = trace;
  return (
    <>
      {recall && (
        <div className="banner banner-danger" role="alert" data-testid="trace-recall-banner">
          <strong className="banner-title">⚠ {t('recalled')}</strong>
          <p data-testid="trace-recall-reason">{t('reason', { reason: recall.reason })}</p>
          <p className="banner-small">{t('recalledAt', { date: formatDateTime(recall.at) })}</p>
          <p className="banner-small">{t('recalledHint')}</p>
        </div>
      )}
      {!recall && hold && (
        <div className="banner banner-warning" role="status" data-testid="trace-hold-banner">
          <strong className="banner-title">{t('held')}</strong>
          <p>{hold.reason ? t('reason', { reason: hold.reason }) : t('heldHint')}</p>
          <p className="banner-small">{t('heldHint')}</p>
        </div>
      )}
      {trace.expired && (
        <div className="banner banner-warning" role="status" data-testid="trace-expired-banner">
          <strong className="banner-title">{t('expired', { date: formatDate(trace.expiry_date) })}</strong>
        </div>
      )}
      {duplicate && (
        <div
          className="banner banner-warning"
          role="status"
          data-testid="trace-duplicate-warning"
          data-reason={duplicate.reason}
        >
          <p>{duplicate.reason === 'more_scans_than_units' ? t('duplicateUnits') : t('duplicatePlaces')}</p>
        </div>
      )}
    </>
  );
}

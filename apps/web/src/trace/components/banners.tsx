import { formatDate, formatDateTime, t, todayInVietnam } from '../i18n';
import type { PublicTrace } from '../types';

/** Recall (red), hold, expiry and duplicate-scan warnings, most serious first. */
export function Banners({ trace }: { trace: PublicTrace }) {
  const expired = !!trace.expiry_date && trace.expiry_date < todayInVietnam();
  return (
    <>
      {trace.state === 'recalled' && (
        <div className="banner banner-danger" role="alert" data-testid="trace-recall-banner">
          <strong className="banner-title">⚠ {t('recalled')}</strong>
          {trace.recall_reason && <p>{t('reason', { reason: trace.recall_reason })}</p>}
          {trace.recalled_at && <p className="banner-small">{t('recalledAt', { date: formatDateTime(trace.recalled_at) })}</p>}
          <p className="banner-small">{t('recalledHint')}</p>
        </div>
      )}
      {trace.state === 'on_hold' && (
        <div className="banner banner-warning" role="status" data-testid="trace-hold-banner">
          <strong className="banner-title">{t('held')}</strong>
          <p>{trace.hold_reason ? t('reason', { reason: trace.hold_reason }) : t('heldHint')}</p>
        </div>
      )}
      {expired && (
        <div className="banner banner-warning" role="status" data-testid="trace-expired-banner">
          <strong className="banner-title">{t('expired', { date: formatDate(trace.expiry_date) })}</strong>
        </div>
      )}
      {trace.duplicate_warning && (
        <div className="banner banner-warning" role="status" data-testid="trace-duplicate-warning">
          <p>{t('duplicate')}</p>
        </div>
      )}
    </>
  );
}

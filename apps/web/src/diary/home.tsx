import { todayInVietnam } from '@agrihub/contract/vietnam-time';
import type { View } from './app';
import { formatDate, formatDateTime, formatNumber, t } from './i18n';
import { safeFrom } from './safety';
import type { Diary } from './store';


/** The network and the queue: what waits, what failed, and "Gửi ngay". */
export function SyncBar({ diary, go }: { diary: Diary; go: (v: View) => void }) {
  const waiting = diary.entries.filter((e) => e.status === 'waiting').length;
  const failed = diary.entries.filter((e) => e.status === 'failed').length;
  return (
    <section className="card sync" aria-live="polite" data-testid="diary-sync">
      <p className={diary.online ? 'net on' : 'net off'} data-testid="diary-network">
        {diary.online ? t('online') : t('offline')}
      </p>
      <p data-testid="diary-waiting-count">
        {waiting ? t('waitingCount', { count: waiting }) : t('nothingWaiting')}
        {failed > 0 && (
          <span className="danger" data-testid="diary-failed-count">
            {' · '}
            {t('failedCount', { count: failed })}
          </span>
        )}
      </p>
      {diary.outcome?.stopped === 'network' && diary.online && <p className="muted">{t('syncStopped')}</p>}
      <div className="row">
        <button
          type="button"
          className="btn primary"
          disabled={!diary.online || diary.syncing || !waiting}
          onClick={() => void diary.sync()}
          data-testid="diary-send-now"
        >
          {diary.syncing ? t('sending') : t('sendNow')}
        </button>
        <button type="button" className="btn" onClick={() => go({ name: 'queue' })} data-testid="diary-open-queue">
          {t('openQueue')}
        </button>
      </div>
    </section>
  );
}

/** The start: the account, the sync bar, the plots (with their safe harvest date) and the open lots. */
export function Home({ diary, go }: { diary: Diary; go: (v: View) => void }) {
  const plots = diary.context?.plots ?? [];
  const lots = diary.context?.lots ?? [];
  const today = todayInVietnam();
  const signOut = () => {
    const waiting = diary.entries.filter((e) => e.status !== 'sent').length;
    if (window.confirm(waiting ? t('signOutConfirmWaiting', { count: waiting }) : t('signOutConfirm')))
      void diary.signOut();
  };
  return (
    <>
      <header className="top">
        <div>
          <h1>{t('title')}</h1>
          <p className="muted" data-testid="diary-account">
            {diary.account?.name}
          </p>
        </div>
        <button type="button" className="btn link" onClick={signOut} data-testid="diary-sign-out">
          {t('signOut')}
        </button>
      </header>
      <SyncBar diary={diary} go={go} />
      {!diary.context && <p className="notice">{t('noContext')}</p>}
      {diary.contextSavedAt && !diary.online && (
        <p className="muted small">{t('contextSavedAt', { time: formatDateTime(diary.contextSavedAt) })}</p>
      )}
      <h2>{t('plots')}</h2>
      {plots.length === 0 && <p className="muted">{t('noPlots')}</p>}
      <ul className="picks" data-testid="diary-plots">
        {plots.map((plot) => {
          const safe = safeFrom(diary.context, diary.entries, { location_id: plot.id, traceability_id: null });
          const later = safe && safe > today;
          return (
            <li key={plot.id} className="card pick">
              <button
                type="button"
                className="pick-main"
                onClick={() => go({ name: 'types', pick: { kind: 'plot', plot } })}
                data-testid={`diary-plot-${plot.id}`}
              >
                <strong>{plot.name}</strong>
                <span className="muted">
                  {[plot.crop, plot.area_ha != null ? `${formatNumber(Math.round(plot.area_ha * 100) / 100)} ha` : null].filter(Boolean).join(' · ')}
                </span>
                <span className={later ? 'safe wait' : 'safe ok'} data-testid={`diary-plot-safe-${plot.id}`}>
                  {later ? t('safeFrom', { date: formatDate(safe) }) : t('safeNow')}
                </span>
              </button>
              <button
                type="button"
                className="btn small"
                onClick={() => go({ name: 'outline', plot })}
                data-testid={`diary-plot-outline-${plot.id}`}
              >
                {t('outline')}
              </button>
            </li>
          );
        })}
      </ul>
      <h2>{t('lots')}</h2>
      {lots.length === 0 && <p className="muted">{t('noLots')}</p>}
      <ul className="picks" data-testid="diary-lots">
        {lots.map((lot) => (
          <li key={lot.id} className="card pick">
            <button
              type="button"
              className="pick-main"
              onClick={() => go({ name: 'types', pick: { kind: 'lot', lot } })}
              data-testid={`diary-lot-${lot.id}`}
            >
              <strong>{lot.lot_code}</strong>
              <span className="muted">{lot.product_name}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

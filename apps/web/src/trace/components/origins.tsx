import { PlotOutline } from './plot-outline';
import { formatDate, formatNumber, stepLabel, t } from '../i18n';
import { originDay, originSteps } from '../origins-logic';
import type { TraceRecord } from '../types';
import { PinIcon } from './icons';

type Origins = NonNullable<TraceRecord['origins']>;

/**
 * Where a lot received or made from other lots came from (ADR 036 §5): each origin farm with its
 * plots (name, province, area, outline), then the steps on the way (who, place, date). The
 * server sends names, places and dates only.
 */
export function OriginsSection({ origins }: { origins: Origins }) {
  if (origins.origins.length === 0 && origins.steps.length === 0) return null;
  const steps = originSteps(origins.steps);
  return (
    <section className="card" aria-labelledby="origins-title" data-testid="trace-origins">
      <h2 id="origins-title">{t('originsTitle')}</h2>
      <p className="muted small">{t('originsHint')}</p>
      <ul className="origins">
        {origins.origins.map((o, i) => (
          <li key={`${o.name}-${i}`} className="origin" data-testid="trace-origin">
            <strong>{o.name}</strong>
            {o.province && <span className="muted small"> · {o.province}</span>}
            {o.places.length > 0 && (
              <ul className="origin-places">
                {o.places.map((p, j) => (
                  <li key={`${p.name}-${j}`} className="origin-place" data-testid="trace-origin-place">
                    <div className="origin-place-text">
                      <span>
                        <PinIcon /> {p.name}
                      </span>
                      <span className="muted small">
                        {[
                          p.province,
                          p.area_ha != null &&
                            p.area_ha > 0 &&
                            t('areaHa', { area: formatNumber(Math.round(p.area_ha * 100) / 100) }),
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    </div>
                    {p.geometry && <PlotOutline geometry={p.geometry} title={p.name} width={280} height={180} />}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {steps.length > 0 && (
        <>
          <h3 className="origin-steps-title">{t('originSteps')}</h3>
          <ol className="origin-steps" data-testid="trace-origin-steps">
            {steps.map((s, i) => (
              <li key={i} className="origin-step" data-testid="trace-origin-step">
                <div className="event-head">
                  <strong>{stepLabel(s.step)}</strong>
                  <time dateTime={s.occurred_at}>{formatDate(originDay(s.occurred_at))}</time>
                </div>
                <p className="muted small">{[s.by, s.place].filter(Boolean).join(' · ')}</p>
              </li>
            ))}
          </ol>
        </>
      )}
      {origins.truncated && <p className="muted small">{t('originsTruncated')}</p>}
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { platform } from '../../../lib/platform';
import { chartGeometry, dayMonth, type DayPoint } from '../lib/chart-geometry';

const BOX = { width: 720, height: 240, left: 40, right: 48, top: 12, bottom: 28 };
const SCAN_COLOR = '#fa8c16';
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * Batches published (bars, left scale) and public scans (line, right scale) per day over the last
 * 30 days, as a small SVG of our own (no chart library). Each day's figures are its tooltip, and
 * the same figures are in a table for screen readers.
 */
export function DailyChart({ days }: { days: readonly DayPoint[] }) {
  const { t } = useTranslation('dashboard');
  const g = chartGeometry(days, BOX);
  const plotBottom = BOX.height - BOX.bottom;
  const ticks = [0, 0.5, 1];
  const dayText = (d: DayPoint) =>
    t('admin.daily.tooltip', { date: dayMonth(d.date), batches: d.batches_published, scans: d.scans });
  return (
    <figure style={{ margin: 0 }} data-testid="daily-chart">
      <svg
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        width="100%"
        role="img"
        aria-label={t('admin.daily.aria', { count: days.length })}
        style={{ display: 'block', maxHeight: 260 }}
      >
        {ticks.map((f) => {
          const y = BOX.top + (1 - f) * (plotBottom - BOX.top);
          return (
            <g key={f}>
              <line x1={BOX.left} x2={BOX.width - BOX.right} y1={y} y2={y} stroke="#f0f0f0" />
              {/* A half-way label only when it is a whole number (a scale of 1 shows 0 and 1). */}
              {Number.isInteger(g.batchMax * f) && (
                <text x={BOX.left - 6} y={y + 4} fontSize={11} textAnchor="end" fill="#8c8c8c">
                  {g.batchMax * f}
                </text>
              )}
              {Number.isInteger(g.scanMax * f) && (
                <text x={BOX.width - BOX.right + 6} y={y + 4} fontSize={11} fill={SCAN_COLOR}>
                  {g.scanMax * f}
                </text>
              )}
            </g>
          );
        })}
        {g.bars.map((b) => (
          <g key={b.day.date} data-testid={`chart-day-${b.day.date}`}>
            <title>{dayText(b.day)}</title>
            {/* The whole slot answers the pointer, not only the bar. */}
            <rect x={b.x - g.slot * 0.15} y={BOX.top} width={g.slot} height={plotBottom - BOX.top} fill="transparent" />
            <rect x={b.x} y={b.y} width={b.width} height={Math.max(b.height, 0)} rx={2} fill={platform.primaryColor} />
          </g>
        ))}
        <path d={g.line} fill="none" stroke={SCAN_COLOR} strokeWidth={2} pointerEvents="none" />
        {g.points.map((p, i) => (
          <circle key={days[i].date} cx={p.x} cy={p.y} r={2.5} fill={SCAN_COLOR} pointerEvents="none" />
        ))}
        {g.labels.map((l) => (
          <text key={l.date} x={l.x} y={BOX.height - 8} fontSize={11} textAnchor="middle" fill="#8c8c8c">
            {dayMonth(l.date)}
          </text>
        ))}
      </svg>
      <figcaption style={{ display: 'flex', gap: 16, fontSize: 12, color: '#595959', marginTop: 4 }}>
        <span>
          <span
            style={{
              display: 'inline-block',
              width: 10,
              height: 10,
              background: platform.primaryColor,
              marginInlineEnd: 6,
            }}
          />
          {t('admin.daily.batches')}
        </span>
        <span>
          <span
            style={{
              display: 'inline-block',
              width: 14,
              height: 2,
              background: SCAN_COLOR,
              marginInlineEnd: 6,
              verticalAlign: 'middle',
            }}
          />
          {t('admin.daily.scans')}
        </span>
      </figcaption>
      <table style={VISUALLY_HIDDEN}>
        <caption>{t('admin.daily.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.daily.date')}</th>
            <th scope="col">{t('admin.daily.batches')}</th>
            <th scope="col">{t('admin.daily.scans')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <td>{dayMonth(d.date)}</td>
              <td>{d.batches_published}</td>
              <td>{d.scans}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

import { DIARY_ENTRY_TYPES, type DiaryEntryType } from '@agrihub/contract/diary';
import type { Choice, View } from './app';
import { t, typeLabel } from './i18n';
import type { Diary } from './store';

/** A picture for each entry type: big, known at a glance, no icon font to download. */
export const TYPE_ICONS: Record<DiaryEntryType, string> = {
  planting: '🌱',
  fertilising: '🪴',
  spraying: '🧪',
  irrigation: '💧',
  feeding: '🥣',
  disease: '🐛',
  harvesting: '🧺',
  other: '📝',
};

export const pickName = (pick: Choice) =>
  pick.kind === 'plot' ? pick.plot.name : `${pick.lot.lot_code} · ${pick.lot.product_name}`;

export function BackBar({ title, go }: { title: string; go: (v: View) => void }) {
  return (
    <header className="top">
      <button type="button" className="btn link" onClick={() => go({ name: 'home' })} data-testid="diary-back">
        ← {t('back')}
      </button>
      <h1>{title}</h1>
    </header>
  );
}

/** The entry types as big buttons (two a row at 360 px). */
export function TypePicker({ pick, go }: { pick: Choice; diary: Diary; go: (v: View) => void }) {
  return (
    <>
      <BackBar title={pickName(pick)} go={go} />
      <h2>{t('chooseType')}</h2>
      <div className="types" data-testid="diary-types">
        {DIARY_ENTRY_TYPES.map((type) => (
          <button
            key={type}
            type="button"
            className="type"
            onClick={() => go({ name: 'form', pick, type })}
            data-testid={`diary-type-${type}`}
          >
            <span className="icon" aria-hidden="true">
              {TYPE_ICONS[type]}
            </span>
            {typeLabel(type)}
          </button>
        ))}
      </div>
    </>
  );
}

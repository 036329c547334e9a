import type { View } from './app';
import { SyncBar } from './home';
import { formatDateTime, t, typeLabel } from './i18n';
import type { QueuedEntry, QueueStatus } from './queue';
import type { Diary } from './store';
import { BackBar, TYPE_ICONS } from './type-picker';
import type { DiaryEntryType } from '@agrihub/contract/diary';

const SECTIONS: { status: QueueStatus; title: 'failedTitle' | 'waitingTitle' | 'sentTitle' }[] = [
  { status: 'failed', title: 'failedTitle' },
  { status: 'waiting', title: 'waitingTitle' },
  { status: 'sent', title: 'sentTitle' },
];

function Item({ entry, diary, go }: { entry: QueuedEntry; diary: Diary; go: (v: View) => void }) {
  const type = entry.draft.type as DiaryEntryType;
  const confirmDiscard = () => {
    if (window.confirm(t('discardConfirm'))) void diary.discard(entry);
  };
  return (
    <li className={`card item ${entry.status}`} data-testid={`diary-entry-${entry.status}`}>
      <p>
        <span aria-hidden="true">{TYPE_ICONS[type]} </span>
        <strong>{typeLabel(type)}</strong>
        {entry.label && <span className="muted"> · {entry.label}</span>}
      </p>
      <p className="muted small">
        {formatDateTime(entry.draft.occurred_at)}
        {entry.photos.length > 0 && ` · ${t('photoCount', { count: entry.photos.length })}`}
      </p>
      {entry.status === 'failed' && (
        <>
          <p className="alert" data-testid="diary-entry-error">
            {entry.error}
          </p>
          <div className="row">
            <button
              type="button"
              className="btn primary"
              onClick={() => go({ name: 'form', pick: null, type, editing: entry })}
              data-testid="diary-entry-edit"
            >
              {t('edit')}
            </button>
            <button type="button" className="btn danger" onClick={confirmDiscard} data-testid="diary-entry-discard">
              {t('discard')}
            </button>
          </div>
        </>
      )}
      {entry.status === 'sent' && entry.sent_at && (
        <p className="small ok">{t('sentAt', { time: formatDateTime(entry.sent_at) })}</p>
      )}
    </li>
  );
}

/** What the phone holds: failed (fix or discard), waiting (in the order they will go) and sent. */
export function QueueList({ diary, go }: { diary: Diary; go: (v: View) => void }) {
  return (
    <>
      <BackBar title={t('queueTitle')} go={go} />
      <SyncBar diary={diary} go={go} />
      {diary.entries.length === 0 && <p className="muted">{t('queueEmpty')}</p>}
      {SECTIONS.map(({ status, title }) => {
        const list = diary.entries.filter((e) => e.status === status);
        if (status === 'sent') list.reverse();
        return (
          list.length > 0 && (
            <section key={status} data-testid={`diary-section-${status}`}>
              <h2>
                {t(title)} ({list.length})
              </h2>
              <ul className="items">
                {list.map((e) => (
                  <Item key={e.id} entry={e} diary={diary} go={go} />
                ))}
              </ul>
            </section>
          )
        );
      })}
    </>
  );
}

import { StrictMode, lazy, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { DiaryEntryType } from '@agrihub/contract/diary';
import type { Lot, Plot } from './db';
import { EntryForm } from './entry-form';
import { t } from './i18n';
import { Home } from './home';
import { QueueList } from './queue-list';
import type { QueuedEntry } from './queue';
import { loginPath, useDiary } from './store';
import { TypePicker } from './type-picker';
import './diary.css';

// Recording a plot's outline is a screen few open: its code (geometry checks, file import) loads then.
const OutlineScreen = lazy(() => import('./outline').then((m) => ({ default: m.OutlineScreen })));

/** What an entry is about: a plot, or a lot (and, for a harvest, where it goes). */
export type Choice = { kind: 'plot'; plot: Plot } | { kind: 'lot'; lot: Lot };

export type View =
  | { name: 'home' }
  | { name: 'types'; pick: Choice }
  | { name: 'form'; pick: Choice | null; type: DiaryEntryType; editing?: QueuedEntry }
  | { name: 'queue' }
  | { name: 'outline'; plot: Plot };

/**
 * The field diary (issue 28, DESIGN §5.8): one thumb at 360 px. Pick a plot or lot, an entry
 * type, fill the template; the entry waits on the phone and is sent once when online.
 */
function DiaryApp() {
  const diary = useDiary();
  const [view, setView] = useState<View>({ name: 'home' });

  // The phone's back button leaves a screen, not the diary.
  const go = (next: View) => {
    if (next.name === 'home') {
      if ((window.history.state as { diary?: boolean } | null)?.diary) window.history.back();
      else setView(next);
      return;
    }
    window.history.pushState({ diary: true }, '');
    setView(next);
    window.scrollTo(0, 0);
  };
  useEffect(() => {
    const back = () => setView({ name: 'home' });
    window.addEventListener('popstate', back);
    return () => window.removeEventListener('popstate', back);
  }, []);

  if (diary.phase === 'signedOut') {
    return (
      <main className="diary">
        <section className="card" data-testid="diary-signed-out">
          <h1>{t('title')}</h1>
          <p>{t('signInHint')}</p>
          {diary.entries.some((e) => e.status === 'waiting') && <p className="notice">{t('signInWaiting')}</p>}
          <a className="btn primary big" href={loginPath()} data-testid="diary-sign-in">
            {t('signIn')}
          </a>
        </section>
      </main>
    );
  }
  if (diary.phase === 'loading') return <main className="diary muted">{t('loading')}</main>;
  if (diary.phase === 'needsNetwork') {
    return (
      <main className="diary">
        <section className="card" role="alert">
          <h1>{t('title')}</h1>
          <p>{t('needsNetwork')}</p>
        </section>
      </main>
    );
  }

  return (
    <main className="diary">
      {view.name === 'home' && <Home diary={diary} go={go} />}
      {view.name === 'types' && <TypePicker pick={view.pick} diary={diary} go={go} />}
      {view.name === 'form' && <EntryForm key={view.editing?.id ?? view.type} view={view} diary={diary} go={go} />}
      {view.name === 'queue' && <QueueList diary={diary} go={go} />}
      {view.name === 'outline' && (
        <Suspense fallback={<p className="muted">{t('loading')}</p>}>
          <OutlineScreen plot={view.plot} online={diary.online} go={go} />
        </Suspense>
      )}
    </main>
  );
}

/** Draws the diary in `el` (diary.html's entry, main.tsx, calls it with the page's language and look set). */
export function mountDiary(el: HTMLElement): void {
  createRoot(el).render(
    <StrictMode>
      <DiaryApp />
    </StrictMode>,
  );
}

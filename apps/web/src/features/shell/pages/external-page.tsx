import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { NotFoundPage } from './not-found-page';

const GUARD_KEY = 'agrihub.external-page';
/** The server answers within this: the same target asked again sooner means this app came back. */
const LOOP_WINDOW_MS = 10_000;

/** Whether this app was just sent to `target` by this page a moment ago (the other entry is missing). */
function cameBack(target: string): boolean {
  try {
    const last = JSON.parse(window.sessionStorage.getItem(GUARD_KEY) ?? 'null') as {
      target: string;
      at: number;
    } | null;
    return !!last && last.target === target && Date.now() - last.at < LOOP_WINDOW_MS;
  } catch {
    return false;
  }
}

/**
 * A path served by another entry of this deployment (the public trace page, trace.html; the content
 * pages, content.html): when the SPA router reaches it by an in-app link, load it from the server.
 * If the server answered this app again at once (that entry is missing), show 404 instead of
 * reloading forever. A later visit to the same page (back from it, then a link again) loads it.
 */
export function ExternalPage() {
  const { pathname, search } = useLocation();
  const target = pathname + search;
  const [looped] = useState(() => cameBack(target));

  useEffect(() => {
    if (looped) {
      window.sessionStorage.removeItem(GUARD_KEY);
      return;
    }
    window.sessionStorage.setItem(GUARD_KEY, JSON.stringify({ target, at: Date.now() }));
    window.location.replace(target);
  }, [looped, target]);

  return looped ? <NotFoundPage /> : <PageLoader fullScreen />;
}

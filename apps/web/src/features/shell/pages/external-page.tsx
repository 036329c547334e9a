import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { NotFoundPage } from './not-found-page';

const GUARD_KEY = 'agrihub.external-page';

/**
 * A path served by another entry of this deployment (the public trace page, trace.html): when the
 * SPA router reaches it by an in-app link, load it from the server. If the server answered this
 * app again (that entry is missing), show 404 instead of reloading forever.
 */
export function ExternalPage() {
  const { pathname, search } = useLocation();
  const target = pathname + search;
  const [looped] = useState(() => window.sessionStorage.getItem(GUARD_KEY) === target);

  useEffect(() => {
    if (looped) {
      window.sessionStorage.removeItem(GUARD_KEY);
      return;
    }
    window.sessionStorage.setItem(GUARD_KEY, target);
    window.location.replace(target);
  }, [looped, target]);

  return looped ? <NotFoundPage /> : <PageLoader fullScreen />;
}

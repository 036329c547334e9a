import { useState } from 'react';
import { useLocation } from 'react-router';
import { clearLoginHandoff, handOffSessionEnd } from '../../../lib/session-handoff';
import { useAppSelector } from '../../../stores/hooks';
import { ExternalPage } from './external-page';

/**
 * /login is the light sign-in page (content.html, ADR 024), a page of its own that a slow phone
 * shows in a fraction of this app's time. Reached here by a redirect (a private page without a
 * session, a finished password reset), it is loaded from the server, carrying why the last session
 * ended.
 */
export function LoginRedirect() {
  const location = useLocation();
  const ended = useAppSelector((s) => s.user.ended);
  // Before ExternalPage's effect leaves this page (a child's effects run first): at the first render.
  useState(() => {
    const notice = (location.state as { notice?: string } | null)?.notice ?? ended?.notice;
    if (notice) handOffSessionEnd(notice);
    // A session that ended must not come back from a sign-in hand-off not yet cleared (app/store.ts).
    clearLoginHandoff();
  });
  return <ExternalPage />;
}

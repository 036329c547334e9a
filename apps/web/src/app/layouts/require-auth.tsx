import { Navigate, Outlet, useLocation } from 'react-router';
import { DEFAULT_PRIVATE_PATH, NEXT_PARAM, paths } from '../../config/paths';
import { loginPathFor } from '../../lib/next-path';
import { useAppSelector } from '../../stores/hooks';

/** Spec §2: a visitor without an access token who opens a non-public route is sent to /login. */
export function RequireAuth() {
  const token = useAppSelector((s) => s.user.token);
  const ended = useAppSelector((s) => s.user.ended);
  const location = useLocation();
  if (!token) {
    // A session that just ended says where to come back to (none after a deliberate logout);
    // a visitor who never had one comes back to the page they asked for.
    const next = ended ? ended.next : location.pathname + location.search;
    return (
      <Navigate
        to={next ? loginPathFor(paths.login, NEXT_PARAM, next) : paths.login}
        replace
        state={ended?.notice ? { notice: ended.notice } : undefined}
      />
    );
  }
  return <Outlet />;
}

/** `/`: the dashboard when signed in, else the login page. */
export function HomeRedirect() {
  const token = useAppSelector((s) => s.user.token);
  return <Navigate to={token ? DEFAULT_PRIVATE_PATH : paths.login} replace />;
}

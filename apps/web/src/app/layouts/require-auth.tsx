import { Navigate, Outlet, useLocation } from 'react-router';
import { DEFAULT_PRIVATE_PATH, NEXT_PARAM, paths } from '../../config/paths';
import { loginPathFor } from '../../lib/next-path';
import { useAppSelector } from '../../stores/hooks';

/** Spec §2: a visitor without an access token who opens a non-public route is sent to /login. */
export function RequireAuth() {
  const token = useAppSelector((s) => s.user.token);
  const location = useLocation();
  if (!token) {
    return <Navigate to={loginPathFor(paths.login, NEXT_PARAM, location.pathname + location.search)} replace />;
  }
  return <Outlet />;
}

/** `/`: the dashboard when signed in, else the login page. */
export function HomeRedirect() {
  const token = useAppSelector((s) => s.user.token);
  return <Navigate to={token ? DEFAULT_PRIVATE_PATH : paths.login} replace />;
}

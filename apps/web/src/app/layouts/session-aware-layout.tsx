import { lazy, Suspense } from 'react';
import { PageLoader } from '../../components/page-loader';
import { useAppSelector } from '../../stores/hooks';

const PublicLayout = lazy(async () => ({ default: (await import('./public-layout')).PublicLayout }));
const PrivateLayout = lazy(async () => ({ default: (await import('./private-layout')).PrivateLayout }));

/**
 * The frame of a public page that signed-in users also open from their menu (the services
 * catalogue): the signed-in frame with a session, the light public frame without. A visitor never
 * downloads the private frame.
 */
export function SessionAwareLayout({ existingPages }: { existingPages: ReadonlySet<string> }) {
  const token = useAppSelector((s) => s.user.token);
  return (
    <Suspense fallback={<PageLoader fullScreen />}>
      {token ? <PrivateLayout existingPages={existingPages} /> : <PublicLayout />}
    </Suspense>
  );
}

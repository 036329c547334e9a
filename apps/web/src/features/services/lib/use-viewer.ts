import { isAdministrator } from '@agrihub/contract/permissions';
import { useAppSelector } from '../../../stores/hooks';

/** Who reads the public services pages: a visitor, a producer (signed in, not staff) or staff. */
export function useViewer(): 'visitor' | 'producer' | 'staff' {
  const token = useAppSelector((s) => s.user.token);
  const user = useAppSelector((s) => s.user.user);
  if (!token || !user) return 'visitor';
  return isAdministrator(user) ? 'staff' : 'producer';
}

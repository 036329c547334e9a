import { isAdministrator } from '@agrihub/contract/permissions';
import { useAppSelector } from '../../../stores/hooks';
import { AdminDashboard } from '../components/admin-dashboard';
import { ProducerDashboard } from '../components/producer-dashboard';

/** The account's real state: producers see approval, completeness and next steps; admins a welcome. */
export function DashboardPage() {
  const user = useAppSelector((s) => s.user.user);
  const producer = useAppSelector((s) => s.user.producer);
  if (!user) return null;
  return isAdministrator(user) ? <AdminDashboard user={user} /> : <ProducerDashboard user={user} producer={producer} />;
}

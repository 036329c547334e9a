import { isOldUser, type User } from '@agrihub/contract';
import type { UserRow } from '../../plugins/auth.js';

/** The user as the API shows it (spec §3 fields); never the password hash or lock counters. */
export function presentUser(u: UserRow): User {
  return {
    id: u.id,
    platform: u.platform as User['platform'],
    email: u.email,
    name: u.name,
    phone: u.phone,
    roles: u.roles,
    abilities: u.abilities,
    producer_id: u.producerId,
    registed_services: u.registedServices,
    isOldUser: isOldUser(u.createdAt),
    locale: u.locale as User['locale'],
    required_change_password: u.requiredChangePassword,
    created_at: u.createdAt.toISOString(),
  };
}

import type { User } from '@agrihub/contract/schemas/auth';
import type { Producer } from '@agrihub/contract/schemas/producers';
import type { SessionEnd, SessionToken } from '../lib/session-actions';

/** Spec §3 user slice, plus the whoami user and producer the frame shows. */
export interface UserState {
  token: SessionToken | null;
  /** "Remember me": when false the token is kept out of localStorage (see stores/persist.ts). */
  remember: boolean;
  isOldUser: boolean;
  producer_id: number | null;
  created_at: string | null;
  required_change_password: boolean;
  loading: boolean;
  user: User | null;
  producer: Producer | null;
  /** Why the last session ended (read by the /login redirect); never persisted. */
  ended: SessionEnd | null;
}

/**
 * The user slice as it starts: the app's store, and the diary (a light entry without Redux) when
 * it writes a session into the app's persisted state.
 */
export const USER_INITIAL_STATE: UserState = {
  token: null,
  remember: true,
  isOldUser: false,
  producer_id: null,
  created_at: null,
  required_change_password: false,
  loading: false,
  user: null,
  producer: null,
  ended: null,
};

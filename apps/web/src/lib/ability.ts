import { useMemo, type ReactNode } from 'react';
import { Can, useAbility, type CanProps } from '@casl/react';
import { defineAbilityFor, type AppAbility, type PermissionUser } from '@agrihub/contract/permissions';

/**
 * CASL for the web: the contract's rule set (`defineAbilityFor`), rebuilt whenever the stored user
 * changes and provided by the private frame through @casl/react's AbilityProvider.
 */
export function useAbilityFor(user: PermissionUser | null | undefined): AppAbility {
  return useMemo(() => defineAbilityFor(user), [user]);
}

/** `<AppCan I="create" a="user">…</AppCan>`: @casl/react's Can, typed with the app's actions and subjects. */
export const AppCan = Can as (props: CanProps<AppAbility>) => ReactNode;

/** The current user's ability (re-renders when the rules change). */
export function useAppAbility(): AppAbility {
  return useAbility<AppAbility>();
}

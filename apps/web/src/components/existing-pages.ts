import { createContext, useContext } from 'react';

/** The private page paths the router renders; menus and links only offer these. */
export const ExistingPagesContext = createContext<ReadonlySet<string>>(new Set());

export function useExistingPages(): ReadonlySet<string> {
  return useContext(ExistingPagesContext);
}

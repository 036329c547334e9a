import { createAction } from '@reduxjs/toolkit';
import type { GateRefusal } from '@agrihub/contract/gates';

/**
 * The API refused a contract gate (403 `feature_unavailable` or `entitlement_required`) for a call
 * made on `path`: the frame shows the no-permission screen for that page (stores/page-refusal-slice).
 */
export const pageRefused = createAction<{ path: string; code: GateRefusal }>('page/refused');

import { saleChannelRegistration } from '@agrihub/contract/workflows';
import type { SaleChannelRegisterStatus } from '@agrihub/contract/schemas/sale-channels';

/** The admin's decisions, in the order their buttons show. */
export const DECISIONS = ['approved', 'rejected', 'closed'] as const satisfies readonly SaleChannelRegisterStatus[];
export type Decision = (typeof DECISIONS)[number];

/** Whether the table asks a reason for a move to `to` (reject, close). */
export const needsReason = (to: SaleChannelRegisterStatus): boolean =>
  saleChannelRegistration.moves.some((m) => m.to === to && !!m.reason);

/** The decisions a reference offers the reader now (its `allowed_moves`, from the contract table). */
export function decisionsOf(allowed: readonly SaleChannelRegisterStatus[]): Decision[] {
  return DECISIONS.filter((d) => allowed.includes(d));
}

/** The bulk decisions: approve and reject apply to pending ones, close to approved ones (the others are skipped). */
export const BULK_DECISIONS: readonly Decision[] = DECISIONS;

import { clientMessageLead, type LeadStatus } from '@agrihub/contract';
import { clientMessages } from '../../db/schema/index.js';
import type { Workflow } from '../../lib/transition.js';

type Table = typeof clientMessages;
export type ClientMessageRow = Table['$inferSelect'];

/** Leads move through the contract's lead machine (DESIGN §5.4); the status is a column. */
export const leadWorkflow: Workflow<Table, LeadStatus> = {
  subject: 'client_message',
  machine: clientMessageLead,
  table: clientMessages,
  owner: clientMessages.producerId,
  ownerOf: (row) => row.producerId,
  stateOf: (row) => row.status,
  stateFields: (to) => ({ status: to, updatedAt: new Date() }),
};

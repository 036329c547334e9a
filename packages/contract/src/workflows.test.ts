import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages/index.js';
import {
  MACHINES,
  allowedMoves,
  batchState,
  clientMessageLead,
  moveRefusal,
  producerApproval,
  productReview,
  purchaseOrder,
  saleChannelRegistration,
  serviceRequestFull,
  serviceRequestShort,
  type WorkflowActor,
} from './workflows.js';

const owner: WorkflowActor = { roles: [], abilities: [], isOwner: true };
const stranger: WorkflowActor = { roles: [], abilities: [], isOwner: false };
const admin: WorkflowActor = { roles: ['admin'], abilities: [] };
const support: WorkflowActor = { roles: ['customer_support'], abilities: [{ action: 'read', subject: 'product' }] };
const reviewer: WorkflowActor = { roles: ['customer_support'], abilities: [{ action: 'update', subject: 'product' }] };
const approver: WorkflowActor = { roles: ['approver'], abilities: [] };
const buyer: WorkflowActor = { roles: ['purchasing'], abilities: [{ action: 'update', subject: 'purchase_order' }] };
const poApprover: WorkflowActor = { roles: ['approve_purchase_order'], abilities: [] };
const targets = (m: Parameters<typeof allowedMoves>[0], from: string, a: WorkflowActor) =>
  allowedMoves(m, from, a).map((mv) => mv.to);

describe('every machine', () => {
  it('moves only between its own states, each pair once, and reaches every state', () => {
    for (const m of Object.values(MACHINES)) {
      const states = new Set<string>(m.states);
      const pairs = new Set<string>();
      for (const mv of m.moves) {
        expect(states.has(mv.from), `${m.key} ${mv.from}`).toBe(true);
        expect(states.has(mv.to), `${m.key} ${mv.to}`).toBe(true);
        expect(mv.from, m.key).not.toBe(mv.to);
        expect(pairs.has(`${mv.from}>${mv.to}`), `${m.key} ${mv.from}>${mv.to}`).toBe(false);
        pairs.add(`${mv.from}>${mv.to}`);
      }
      const reached = new Set<string>([m.states[0], ...m.moves.map((mv) => mv.to)]);
      expect(
        [...states].filter((s) => !reached.has(s)),
        m.key,
      ).toEqual([]);
    }
  });

  it('names every state in Vietnamese and English (the 409 message lists them)', () => {
    for (const m of Object.values(MACHINES)) {
      for (const state of m.states) {
        expect(MESSAGES.vi[`state_${state}`], `${m.key} ${state} vi`).toBeTruthy();
        expect(MESSAGES.en[`state_${state}`], `${m.key} ${state} en`).toBeTruthy();
      }
    }
  });

  it('refuses a move outside the table for everyone, even the super admin', () => {
    expect(moveRefusal(productReview, 'draft', 'approved', admin)).toBe('transition_not_allowed');
    expect(moveRefusal(batchState, 'recalled', 'published', admin)).toBe('transition_not_allowed');
    expect(moveRefusal(purchaseOrder, 'approved', 'pending', admin)).toBe('transition_not_allowed');
  });
});

describe('product review', () => {
  it('lets the producer submit and edit, and a reviewer approve or reject with a reason', () => {
    expect(targets(productReview, 'draft', owner)).toEqual(['pending']);
    expect(targets(productReview, 'draft', stranger)).toEqual([]);
    expect(targets(productReview, 'pending', owner)).toEqual([]);
    expect(targets(productReview, 'pending', reviewer)).toEqual(['approved', 'rejected']);
    expect(targets(productReview, 'pending', support)).toEqual([]);
    expect(moveRefusal(productReview, 'pending', 'rejected', reviewer)).toBe('reason_required');
    expect(moveRefusal(productReview, 'pending', 'rejected', reviewer, '  ')).toBe('reason_required');
    expect(moveRefusal(productReview, 'pending', 'rejected', reviewer, 'Thiếu chứng nhận')).toBeNull();
    expect(targets(productReview, 'rejected', owner)).toEqual(['pending', 'draft']);
    expect(targets(productReview, 'approved', owner)).toEqual(['draft']);
  });
});

describe('producer approval', () => {
  it('is moved by those who may update producers; closing needs a reason; reopening goes back to pending', () => {
    expect(targets(producerApproval, 'pending', admin)).toEqual(['approved', 'closed']);
    expect(targets(producerApproval, 'pending', support)).toEqual([]);
    expect(targets(producerApproval, 'pending', owner)).toEqual([]);
    expect(moveRefusal(producerApproval, 'approved', 'closed', admin)).toBe('reason_required');
    expect(targets(producerApproval, 'closed', admin)).toEqual(['pending']);
  });
});

describe('batch state', () => {
  it('belongs to the producer: publish, hold and recall with a reason, release; recalled is final', () => {
    expect(targets(batchState, 'draft', owner)).toEqual(['published']);
    expect(targets(batchState, 'draft', admin)).toEqual([]);
    expect(targets(batchState, 'published', owner)).toEqual(['on_hold', 'recalled']);
    expect(targets(batchState, 'on_hold', owner)).toEqual(['published', 'recalled']);
    expect(moveRefusal(batchState, 'published', 'recalled', owner)).toBe('reason_required');
    expect(targets(batchState, 'recalled', owner)).toEqual([]);
  });
});

describe('service requests', () => {
  it('full flow: the producer submits info and dossier, staff move the rest, approvers approve the dossier', () => {
    expect(targets(serviceRequestFull, 'fill_info', owner)).toEqual(['advice', 'cancelled']);
    expect(targets(serviceRequestFull, 'advice', support)).toEqual(['contract', 'fill_info', 'cancelled']);
    expect(targets(serviceRequestFull, 'advice', owner)).toEqual(['cancelled']);
    expect(targets(serviceRequestFull, 'paid', owner)).toEqual([]);
    expect(targets(serviceRequestFull, 'profile_completed', owner)).toEqual(['submitted_profile']);
    expect(targets(serviceRequestFull, 'submitted_profile', support)).toEqual(['profile_completed', 'cancelled']);
    expect(targets(serviceRequestFull, 'submitted_profile', approver)).toEqual(['approved_profile']);
    expect(targets(serviceRequestFull, 'done', admin)).toEqual([]);
    expect(moveRefusal(serviceRequestFull, 'contract', 'advice', support)).toBe('reason_required');
    expect(moveRefusal(serviceRequestFull, 'advice', 'cancelled', owner, 'Đổi ý')).toBeNull();
    // From `contract` on only staff cancel (the producer cancels before the contract).
    expect(targets(serviceRequestFull, 'contract', owner)).toEqual([]);
    expect(targets(serviceRequestShort, 'contract', owner)).toEqual([]);
    expect(targets(serviceRequestFull, 'contract', support)).toContain('cancelled');
  });

  it('short flow: inprogress after paid, then done', () => {
    expect(targets(serviceRequestShort, 'paid', support)).toEqual(['inprogress', 'contract', 'cancelled']);
    expect(targets(serviceRequestShort, 'inprogress', support)).toEqual(['done', 'paid', 'cancelled']);
    expect(serviceRequestShort.states).not.toContain('approved_profile');
  });
});

describe('purchase orders', () => {
  it('are approved by an order approver who did not create the order', () => {
    expect(targets(purchaseOrder, 'pending', buyer)).toEqual(['processing', 'cancelled']);
    expect(targets(purchaseOrder, 'processing', buyer)).toEqual(['cancelled']);
    expect(targets(purchaseOrder, 'processing', poApprover)).toEqual(['approved']);
    expect(targets(purchaseOrder, 'processing', { ...poApprover, isCreator: true })).toEqual([]);
    expect(targets(purchaseOrder, 'processing', { ...admin, isCreator: true })).toEqual(['cancelled']);
    expect(targets(purchaseOrder, 'approved', admin)).toEqual([]);
  });

  it('name the creator rule when it is what refuses the approval', () => {
    expect(moveRefusal(purchaseOrder, 'processing', 'approved', { ...poApprover, isCreator: true })).toBe(
      'not_by_creator',
    );
    expect(moveRefusal(purchaseOrder, 'processing', 'approved', { ...admin, isCreator: true })).toBe('not_by_creator');
    // Not the creator rule: a buyer may not approve anyway; nor may anyone approve a pending order.
    expect(moveRefusal(purchaseOrder, 'processing', 'approved', { ...buyer, isCreator: true })).toBe(
      'transition_not_allowed',
    );
    expect(moveRefusal(purchaseOrder, 'pending', 'approved', { ...poApprover, isCreator: true })).toBe(
      'transition_not_allowed',
    );
    expect(moveRefusal(purchaseOrder, 'processing', 'approved', poApprover)).toBeNull();
    expect(moveRefusal(purchaseOrder, 'processing', 'cancelled', { ...buyer, isCreator: true })).toBe(
      'reason_required',
    );
    expect(moveRefusal(purchaseOrder, 'pending', 'cancelled', buyer, 'Nhà cung cấp hết hàng')).toBeNull();
  });
});

describe('sale-channel registrations and leads', () => {
  it('registrations: staff approve or reject with a reason, the producer applies again or closes', () => {
    expect(targets(saleChannelRegistration, 'pending', admin)).toEqual(['approved', 'rejected']);
    expect(targets(saleChannelRegistration, 'pending', owner)).toEqual([]);
    expect(targets(saleChannelRegistration, 'rejected', owner)).toEqual(['pending']);
    expect(targets(saleChannelRegistration, 'approved', owner)).toEqual(['closed']);
  });

  it('leads move forward a step or to done; back needs a reason', () => {
    const agent: WorkflowActor = { roles: ['customer_support'], abilities: [{ action: 'update', subject: 'message' }] };
    expect(targets(clientMessageLead, 'pending', agent)).toEqual(['no_contact_yet', 'done']);
    expect(targets(clientMessageLead, 'made_call', agent)).toEqual(['made_appointment', 'done', 'no_contact_yet']);
    expect(targets(clientMessageLead, 'pending', support)).toEqual([]);
    expect(moveRefusal(clientMessageLead, 'made_call', 'no_contact_yet', agent)).toBe('reason_required');
  });
});

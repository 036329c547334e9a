import type { FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { PLATFORMS, effectiveLocale, translate } from '@agrihub/contract';
import { purchaseOrders, users } from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import type { EventOf } from '../../lib/domain-events.js';
import { account, deliver } from '../notifications/deliver.js';
import { formatVnd, renderPurchaseOrderPdf } from './pdf.js';
import { companyOf, loadOrder, pdfName } from './routes.js';

/**
 * After a purchase order moved (DESIGN §5.5): an approved order is mailed to its supplier with the
 * PDF "Đơn đặt hàng" attached (through the mailer: the SMTP queue, or the outbox without SMTP), the
 * mail written in the order's history and on the order (mailed_to, mailed_at: claimed before it is
 * sent, so an approval told twice still mails the supplier once); the order's creator
 * is told of the approval (and whether the supplier got it) and of a cancellation with its reason.
 */
export default async function purchaseOrderSubscribers(app: FastifyInstance) {
  app.events.on('purchase_order.moved', async (e) => {
    if (e.to === 'approved') await onApproved(app, e);
    if (e.to === 'cancelled') await onCancelled(app, e);
  });
}

/** Who approved or cancelled, by name. */
async function actorName(app: FastifyInstance, id: number) {
  const [u] = await app.db.select({ name: users.name }).from(users).where(eq(users.id, id));
  return u?.name ?? '';
}

async function onApproved(app: FastifyInstance, e: EventOf<'purchase_order.moved'>) {
  const viewer = { id: e.actorId, roles: [], abilities: [] };
  const order = await loadOrder(app.db, e.platform, e.orderId, viewer);
  if (!order) return;
  // Orders are DTrack's, which speaks Vietnamese: the supplier's mail and the PDF are in its language.
  const locale = effectiveLocale(e.platform, null);
  const platformName = PLATFORMS[e.platform].name;
  const email = order.supplier.email;
  // Told already (the order is mailed): the supplier and the creator heard of it then.
  if (email && !(await claimSupplierMail(app, e, email))) return;
  if (email) {
    const company = await companyOf(app.db, app.config, e.platform);
    const pdf = await renderPurchaseOrderPdf({ order, company, locale });
    const params = {
      platform: platformName,
      supplier: order.supplier.name,
      code: order.code,
      date: order.order_date.split('-').reverse().join('/'),
      total: `${formatVnd(order.totals.total, locale)} đ`,
      delivery_date: order.delivery_date.split('-').reverse().join('/'),
      delivery_place: order.delivery_place,
    };
    try {
      await app.sendMail({
        platform: e.platform,
        to: email,
        // "Please confirm by replying": the answer reaches the platform's contact e-mail, not no-reply.
        replyTo: company.email,
        subject: translate(locale, 'purchase_order_mail_subject', params),
        text: translate(locale, 'purchase_order_mail_body', params),
        attachments: [{ filename: pdfName(order.code, locale), contentType: 'application/pdf', content: pdf }],
      });
    } catch (err) {
      // Not sent: the order says so (no mailed_to), and the claim is given back.
      await app.db
        .update(purchaseOrders)
        .set({ mailedTo: null, mailedAt: null })
        .where(and(eq(purchaseOrders.id, order.id), eq(purchaseOrders.platform, e.platform)));
      throw err;
    }
    await recordActivity(app.db, {
      subjectType: 'purchase_order',
      subjectId: order.id,
      platform: e.platform,
      actorId: null,
      action: 'mail_supplier',
      diff: { email },
    });
  }
  if (!order.created_by) return;
  const recipients = await account(app, e.platform, order.created_by.id);
  const mailed = email
    ? {
        vi: translate('vi', 'purchase_order_mailed_note', { email }),
        en: translate('en', 'purchase_order_mailed_note', { email }),
      }
    : { vi: translate('vi', 'purchase_order_not_mailed_note'), en: translate('en', 'purchase_order_not_mailed_note') };
  await deliver(app, recipients, {
    platform: e.platform,
    type: 'purchase_order.approved',
    params: {
      code: order.code,
      supplier: order.supplier.name,
      total: `${formatVnd(order.totals.total, locale)} đ`,
      actor: await actorName(app, e.actorId),
      // One text per language (the notification is rendered in its reader's): DTrack reads Vietnamese.
      mailed: mailed[locale],
    },
    link: `/admin/purchase-orders/${order.id}`,
  });
}

/**
 * Takes the supplier's mail of an approved order for this handler: true for the first one only (the
 * order not yet mailed), so however often the approval is told, the supplier gets one mail.
 */
async function claimSupplierMail(app: FastifyInstance, e: EventOf<'purchase_order.moved'>, email: string) {
  const claimed = await app.db
    .update(purchaseOrders)
    .set({ mailedTo: email, mailedAt: new Date() })
    .where(
      and(
        eq(purchaseOrders.id, e.orderId),
        eq(purchaseOrders.platform, e.platform),
        eq(purchaseOrders.status, 'approved'),
        isNull(purchaseOrders.mailedAt),
      ),
    )
    .returning({ id: purchaseOrders.id });
  return claimed.length > 0;
}

async function onCancelled(app: FastifyInstance, e: EventOf<'purchase_order.moved'>) {
  const [o] = await app.db
    .select({ code: purchaseOrders.code, supplier: purchaseOrders.supplierName, createdBy: purchaseOrders.createdBy })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.id, e.orderId), eq(purchaseOrders.platform, e.platform)));
  // The creator who cancelled its own order needs no notice.
  if (!o?.createdBy || o.createdBy === e.actorId) return;
  await deliver(app, await account(app, e.platform, o.createdBy), {
    platform: e.platform,
    type: 'purchase_order.cancelled',
    params: { code: o.code, supplier: o.supplier, actor: await actorName(app, e.actorId), reason: e.reason ?? '' },
    link: `/admin/purchase-orders/${e.orderId}`,
  });
}

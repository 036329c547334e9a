import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { allows, PLATFORMS, translate } from '@agrihub/contract';
import {
  producers,
  products,
  registerServices,
  saleChannels,
  serviceRequestNotes,
  traceabilities,
  userRegisterServices,
  users,
} from '../../db/schema/index.js';
import type { DomainEventType, EventOf } from '../../lib/domain-events.js';
import { account, deliver, producerAccounts } from './deliver.js';

/** Deep links of the web app (apps/web/src/config/paths.ts) the notifications open. */
const LINKS = {
  account: '/account-setup',
  product: (id: number) => `/products/${id}`,
  batch: (id: number) => `/product-batches/${id}`,
  serviceRequest: (id: number) => `/services/requests/${id}`,
  adminServiceRequest: (id: number) => `/admin/services-approval/${id}`,
  salesChannels: '/sales-channels',
};

/** How much of a note a notification quotes. */
const NOTE_EXCERPT = 500;

/** A service request's producer, assignee and the names its notifications show (both languages). */
async function serviceRequestOf(app: FastifyInstance, platform: string, id: number) {
  const [r] = await app.db
    .select({
      producerId: userRegisterServices.producerId,
      assigneeId: userRegisterServices.assigneeId,
      titleVi: registerServices.titleVi,
      titleEn: registerServices.titleEn,
      producer: producers.name,
    })
    .from(userRegisterServices)
    .innerJoin(registerServices, eq(registerServices.id, userRegisterServices.serviceId))
    .innerJoin(producers, eq(producers.id, userRegisterServices.producerId))
    .where(and(eq(userRegisterServices.id, id), eq(userRegisterServices.platform, platform)));
  if (!r) return null;
  const params = { id: String(id), service_vi: r.titleVi, service_en: r.titleEn, producer: r.producer };
  return { producerId: r.producerId, assigneeId: r.assigneeId, params };
}

async function producerName(app: FastifyInstance, platform: string, id: number) {
  const [p] = await app.db
    .select({ name: producers.name })
    .from(producers)
    .where(and(eq(producers.id, id), eq(producers.platform, platform)));
  return p?.name ?? null;
}

async function productOf(app: FastifyInstance, platform: string, id: number) {
  const [p] = await app.db
    .select({ name: products.name, producerId: products.producerId })
    .from(products)
    .where(and(eq(products.id, id), eq(products.platform, platform)));
  return p ?? null;
}

/**
 * Notifications from domain events (DESIGN §5.1): the producer's accounts hear about their
 * producer, products and batches, a user about its own password. Events are published after the
 * change committed; the reason they carry is the one the producer may read (never an internal note).
 */
export default async function notificationSubscribers(app: FastifyInstance) {
  // One event after the other, in the order they were published: a producer approved then closed
  // gets its notifications and mails in that order.
  let previous: Promise<void> = Promise.resolve();
  const on = <T extends DomainEventType>(type: T, handler: (e: EventOf<T>) => Promise<void>) =>
    app.events.on(type, (e) => {
      const run = previous.then(() => handler(e));
      previous = run.catch(() => undefined);
      return run;
    });

  const producerStatus = async (e: EventOf<'producer.approved'> | EventOf<'producer.closed'>) => {
    const producer = await producerName(app, e.platform, e.producerId);
    if (producer === null) return;
    await deliver(app, await producerAccounts(app, e.platform, e.producerId), {
      platform: e.platform,
      type: e.type,
      params: {
        producer,
        platform: PLATFORMS[e.platform].name,
        ...(e.type === 'producer.closed' ? { reason: e.reason } : {}),
      },
      link: LINKS.account,
    });
  };
  on('producer.approved', producerStatus);
  on('producer.closed', producerStatus);

  const productReview = async (e: EventOf<'product.approved'> | EventOf<'product.rejected'>) => {
    const product = await productOf(app, e.platform, e.productId);
    if (!product) return;
    await deliver(app, await producerAccounts(app, e.platform, product.producerId), {
      platform: e.platform,
      type: e.type,
      params: { product: product.name, ...(e.type === 'product.rejected' ? { reason: e.reason } : {}) },
      link: LINKS.product(e.productId),
    });
  };
  on('product.approved', productReview);
  on('product.rejected', productReview);

  on('batch.recalled', async (e) => {
    const [batch] = await app.db
      .select({
        lotCode: traceabilities.lotCode,
        productId: traceabilities.productId,
        producerId: traceabilities.producerId,
      })
      .from(traceabilities)
      .where(and(eq(traceabilities.id, e.batchId), eq(traceabilities.platform, e.platform)));
    if (!batch) return;
    const product = await productOf(app, e.platform, batch.productId);
    await deliver(app, await producerAccounts(app, e.platform, batch.producerId), {
      platform: e.platform,
      type: e.type,
      params: { batch: batch.lotCode, product: product?.name ?? '', reason: e.reason },
      link: LINKS.batch(e.batchId),
    });
  });

  // A supply-chain recall: each producer holding affected lots hears of it once (ADR 036 §7).
  on('chain.recalled', async (e) => {
    const shown = e.lotCodes.slice(0, 10).join(', ') + (e.lotCodes.length > 10 ? ', …' : '');
    await deliver(app, await producerAccounts(app, e.platform, e.producerId), {
      platform: e.platform,
      type: e.type,
      params: { start: e.startLotCode, count: String(e.lotCodes.length), lots: shown, reason: e.reason },
      link: e.lotIds.length ? LINKS.batch(e.lotIds[0]) : null,
    });
  });

  // Service requests: the producer hears of each step and each visible note (an internal note
  // publishes no event, an internal reason travels as null); the assignee of each producer reply.
  on('service_request.step_changed', async (e) => {
    const request = await serviceRequestOf(app, e.platform, e.requestId);
    if (!request) return;
    await deliver(app, await producerAccounts(app, e.platform, request.producerId), {
      platform: e.platform,
      type: e.reason ? 'service_request.step_changed_with_reason' : 'service_request.step_changed',
      params: {
        ...request.params,
        step_vi: translate('vi', `state_${e.to}`),
        step_en: translate('en', `state_${e.to}`),
        ...(e.reason ? { reason: e.reason } : {}),
      },
      link: LINKS.serviceRequest(e.requestId),
    });
  });

  on('service_request.note_added', async (e) => {
    const request = await serviceRequestOf(app, e.platform, e.requestId);
    const [note] = await app.db
      .select({ body: serviceRequestNotes.body, internal: serviceRequestNotes.internal, author: users.name })
      .from(serviceRequestNotes)
      .leftJoin(users, eq(users.id, serviceRequestNotes.authorId))
      .where(and(eq(serviceRequestNotes.id, e.noteId), eq(serviceRequestNotes.requestId, e.requestId)));
    if (!request || !note || note.internal) return;
    const params = { ...request.params, note: note.body.slice(0, NOTE_EXCERPT), author: note.author ?? '' };
    if (e.byProducer) {
      if (!request.assigneeId) return;
      await deliver(app, await account(app, e.platform, request.assigneeId), {
        platform: e.platform,
        type: 'service_request.producer_replied',
        params,
        link: LINKS.adminServiceRequest(e.requestId),
      });
      return;
    }
    await deliver(app, await producerAccounts(app, e.platform, request.producerId), {
      platform: e.platform,
      type: 'service_request.note_added',
      params,
      link: LINKS.serviceRequest(e.requestId),
    });
  });

  on('service_request.assigned', async (e) => {
    const request = await serviceRequestOf(app, e.platform, e.requestId);
    // Told only while the request is still theirs (a quick reassignment tells nobody stale).
    if (!request || request.assigneeId !== e.assigneeId || e.assigneeId === e.actorId) return;
    const [actor] = await app.db.select({ name: users.name }).from(users).where(eq(users.id, e.actorId));
    await deliver(app, await account(app, e.platform, e.assigneeId), {
      platform: e.platform,
      type: 'service_request.assigned',
      params: { ...request.params, actor: actor?.name ?? '' },
      link: LINKS.adminServiceRequest(e.requestId),
    });
  });

  // A new department registration (Foodmap): the platform's admins and customer support who may
  // read service requests, with a link to the request in the back office.
  on('department_registration.received', async (e) => {
    const request = await serviceRequestOf(app, e.platform, e.requestId);
    if (!request) return;
    const staff = await app.db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        locale: users.locale,
        roles: users.roles,
        abilities: users.abilities,
      })
      .from(users)
      .where(eq(users.platform, e.platform));
    const recipients = staff
      .filter(
        (u) =>
          (u.roles.includes('admin') || u.roles.includes('customer_support')) &&
          allows(u, 'read', 'user_register_service'),
      )
      .map(({ id, name, email, locale }) => ({ id, name, email, locale }));
    await deliver(app, recipients, {
      platform: e.platform,
      type: 'department_registration.received',
      params: request.params,
      link: LINKS.adminServiceRequest(e.requestId),
    });
  });

  // Sales channels: the producer hears of the back office's decisions on its registrations (the
  // owner's own moves tell nobody). The reason of a rejection or a closing is the producer's to read.
  on('sale_channel_reference.moved', async (e) => {
    if (e.bySide !== 'platform' || (e.to !== 'approved' && e.to !== 'rejected' && e.to !== 'closed')) return;
    const [channel] = await app.db
      .select({ name: saleChannels.name })
      .from(saleChannels)
      .where(and(eq(saleChannels.id, e.channelId), eq(saleChannels.platform, e.platform)));
    const producer = await producerName(app, e.platform, e.producerId);
    const product = e.productId ? await productOf(app, e.platform, e.productId) : null;
    if (!channel || producer === null || (e.productId && !product)) return;
    const subject = (locale: 'vi' | 'en') =>
      product
        ? translate(locale, 'notification_sale_channel_subject_product', { product: product.name })
        : translate(locale, 'notification_sale_channel_subject_producer', { producer });
    await deliver(app, await producerAccounts(app, e.platform, e.producerId), {
      platform: e.platform,
      type: `sale_channel_reference.${e.to}`,
      params: {
        channel: channel.name,
        subject_vi: subject('vi'),
        subject_en: subject('en'),
        ...(e.to !== 'approved' ? { reason: e.reason ?? '' } : {}),
      },
      link: LINKS.salesChannels,
    });
  });

  // The holder of an account a user manager changed hears of it, whoever did it (ADR 032).
  on('user.account_changed', async (e) => {
    const recipients = await account(app, e.platform, e.userId);
    if (!recipients.length) return;
    const [actor] = await app.db.select({ name: users.name }).from(users).where(eq(users.id, e.actorId));
    const fields = (locale: 'vi' | 'en') =>
      e.fields.map((f) => translate(locale, `user_changed_field_${f}`)).join(', ');
    await deliver(app, recipients, {
      platform: e.platform,
      type: `user.account_${e.change}`,
      params: {
        actor: actor?.name ?? '',
        email: recipients[0].email,
        platform: PLATFORMS[e.platform].name,
        ...(e.change === 'updated' ? { fields_vi: fields('vi'), fields_en: fields('en') } : {}),
      },
      link: e.change === 'deactivated' ? null : LINKS.account,
    });
  });

  on('user.password_changed', async (e) => {
    const recipients = await account(app, e.platform, e.userId);
    await deliver(app, recipients, {
      platform: e.platform,
      type: e.type,
      params: { email: recipients[0]?.email ?? '', platform: PLATFORMS[e.platform].name },
      link: LINKS.account,
    });
  });
}

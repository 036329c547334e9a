import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { allows, translate } from '@agrihub/contract';
import { clientMessages, users } from '../../db/schema/index.js';
import { deliver } from '../notifications/deliver.js';
import { formatPhone } from '@agrihub/contract/phone';

/** How much of the message a notification quotes. */
const MESSAGE_EXCERPT = 500;

/**
 * A new lead tells the platform's admins and customer support who may read messages (in-app and
 * mail, through the notifications module), with a link to the back-office list.
 */
export default async function clientMessageSubscribers(app: FastifyInstance) {
  app.events.on('client_message.received', async (e) => {
    const [m] = await app.db
      .select()
      .from(clientMessages)
      .where(and(eq(clientMessages.id, e.messageId), eq(clientMessages.platform, e.platform)));
    if (!m) return;
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
        (u) => (u.roles.includes('admin') || u.roles.includes('customer_support')) && allows(u, 'read', 'message'),
      )
      .map(({ id, name, email, locale }) => ({ id, name, email, locale }));
    await deliver(app, recipients, {
      platform: e.platform,
      type: 'client_message.received',
      params: {
        id: String(m.id),
        name: m.name,
        phone: formatPhone(m.phone),
        topic_vi: translate('vi', `topic_${m.topic}`),
        topic_en: translate('en', `topic_${m.topic}`),
        message: m.message.slice(0, MESSAGE_EXCERPT),
      },
      link: `/admin/client-messages/${m.id}`,
    });
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelope, idParam, producerDeleteAnswer, translate } from '@agrihub/contract';
import { AppError, notFound } from '../../lib/errors.js';
import { requestScope } from '../../lib/scope.js';
import { invalidateProducerPages, tellProducer } from '../trace-public/state.js';
import { deleteOwnProducer } from './delete.js';

/** DELETE /api/v1/producers/{id} (spec §7): a producer's own account deletes its business (ADR 018). */
export default async function producerDeleteRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.delete(
    '/api/v1/producers/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['producers'],
        summary:
          'Delete the own producer while it has no published batch, no open service request and no approved sales channel registration (else 409 naming them); its drafts and unused files go, what was public stays (closed), its accounts are deactivated',
        params: idParam,
        response: {
          200: producerDeleteAnswer,
          401: errorEnvelope,
          403: errorEnvelope,
          404: errorEnvelope,
          409: errorEnvelope,
          422: errorEnvelope,
        },
      },
    },
    async (req) => {
      const me = requestScope(req);
      // Administrators close producers (PUT /admin/producers/{id}/status); this is the owner's own act.
      if (me.isAdmin) throw new AppError(403, 'producer_delete_own_only');
      if (me.producerId !== req.params.id) throw notFound();
      const outcome = await app.db.transaction(async (tx) => {
        const done = await deleteOwnProducer(tx, {
          producerId: req.params.id,
          platform: me.platform,
          actorId: me.userId,
          locale: req.locale,
        });
        await tellProducer(app, tx, req.params.id);
        return done;
      });
      invalidateProducerPages(app, req.params.id);
      // The bytes go once the rows are gone for good; a file that cannot be removed only wastes space.
      await Promise.all(
        outcome.freedKeys.map((key) =>
          app.storage.remove(key).catch((err: unknown) => req.log.warn({ err, key }, 'freed upload not removed')),
        ),
      );
      return { data: { deleted: outcome.deleted }, meta: { message: translate(req.locale, 'producer_deleted') } };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { AD_MESSAGES, adCountedResponse, adIdParams, appAdsQuery, appAdsResponse, messageOnly, type AdCountEvent } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';
import { programDay } from '../../../../../lib/program-day';

/**
 * The app's ads (the admin context's ads, docs/admin.md "Ads"): GET /api/app/ads?placement= (what the
 * app may show today, audited like every read), and POST /api/app/ads/{id}/impression and /click (204;
 * an unknown or inactive ad 404). The counting calls are counted in memory (fastify.adCounts) and not
 * audited: they store nothing about the patient, and a record per call would be the write per request
 * the counting avoids.
 */
export default async function appAdsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const tags = ['Patient app'];
  const config = { access: 'patient' as const };

  app.get('', { config, schema: { querystring: appAdsQuery, response: { 200: appAdsResponse }, tags } }, async (request) => {
    const { patientId, programId } = request.patient;
    const { today } = await programDay(fastify.db, programId, fastify.clock.now());
    const ads = await fastify.ads.forApp(today, request.query.placement);
    await fastify.audit.record(request, {
      action: 'app.ads.list',
      entity: 'ad',
      patientId,
      programId,
      actorType: 'patient',
      detail: { placement: request.query.placement ?? null, count: ads.length },
    });
    return { data: ads };
  });

  const counting = (event: AdCountEvent) =>
    app.post(
      `/:id/${event}`,
      { config, schema: { params: adIdParams, response: { 204: adCountedResponse, 404: messageOnly }, tags } },
      async (request, reply) => {
        if (!(await fastify.adCounts.count(request.params.id, event))) throw fastify.httpErrors.notFound(AD_MESSAGES.adNotFound);
        return reply.code(204).send(null);
      },
    );
  counting('impression');
  counting('click');
}

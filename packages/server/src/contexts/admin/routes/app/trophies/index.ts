import type { FastifyInstance } from 'fastify';
import { appTrophiesResponse } from '@baridesk/contracts';

/**
 * GET /api/app/trophies: the cards the signed-in patient earned (of their own program), newest award
 * first, with the faces' URLs, link and text. Audited with the patient's id.
 */
export default async function appTrophiesRoutes(fastify: FastifyInstance) {
  const tags = ['Patient app'];
  fastify.get('', { config: { access: 'patient' }, schema: { response: { 200: appTrophiesResponse }, tags } }, async (request) => {
    const { patientId, programId } = request.patient;
    const trophies = await fastify.trophyAwards.earnedBy(patientId, programId);
    await fastify.audit.record(request, {
      action: 'app.trophies.list',
      entity: 'trophy_card',
      patientId,
      programId,
      actorType: 'patient',
      detail: { count: trophies.length },
    });
    return { data: trophies };
  });
}

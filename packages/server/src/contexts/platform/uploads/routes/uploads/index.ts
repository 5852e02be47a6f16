import type { FastifyInstance } from 'fastify';
import { staffScope } from '../../../../../lib/scope';
import { registerUploadRoute } from '../../receive';
import { inMenuArea } from '../../../../../lib/menu-area';

/** POST /api/uploads: a program's staff upload a file for their program's content (keys under <programId>/). */
export default async function staffUploadRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'none');
  registerUploadRoute(fastify, { access: 'staff', ownerOf: (request) => ({ programId: staffScope(request.scope).programId }), tags: ['Uploads'] });
}

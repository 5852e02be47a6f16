import type { FastifyInstance } from 'fastify';
import { registerUploadRoute } from '../../../receive';

/** POST /api/admin/uploads: super admins upload a file for BariDesk-wide content (keys under global/). */
export default async function adminUploadRoutes(fastify: FastifyInstance) {
  registerUploadRoute(fastify, { access: 'super_admin', ownerOf: () => ({ programId: null }), tags: ['Admin', 'Uploads'] });
}

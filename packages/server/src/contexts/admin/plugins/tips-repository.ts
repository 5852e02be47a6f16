import fp from 'fastify-plugin';
import { tipResource } from '@baridesk/contracts';
import type { Db } from '../../../db/client';
import { tips } from '../../../db/schema';
import { createResourceRepository, searchColumns } from '../../platform/resource-kit';

declare module 'fastify' {
  interface FastifyInstance {
    tips: TipsRepository;
  }
}

/** Tips the patient app shows, kept by super admins for every program alike. */
export function createTipsRepository(db: Db) {
  return createResourceRepository(db, tipResource, { table: tips, search: searchColumns(tips.description) });
}

export type TipsRepository = ReturnType<typeof createTipsRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('tips', createTipsRepository(fastify.db));
  },
  { name: 'tips-repository', dependencies: ['database'] },
);

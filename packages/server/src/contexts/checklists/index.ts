/** The checklists context's published interface: its repository's type (fastify.checklists). */
export type { ChecklistsRepository } from './plugins/checklists-repository';

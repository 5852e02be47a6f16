/** The messaging context's published interface: the weight reminder's repository type (fastify.weightReminder). */
export type { WeightReminderRepository } from './plugins/weight-reminder-repository';

/**
 * The messaging context's published interface: the weight reminder's repository type (fastify.weightReminder)
 * and the delivery service (fastify.delivery: create a message, count an audience, read its deliveries).
 */
export type { WeightReminderRepository } from './plugins/weight-reminder-repository';
export type { Audience, AudienceRule, Delivery, NewMessage, PatientListCriteria, RegisteredAudience, StaffAudience } from './plugins/delivery';
/** For the demo seed and scripts, which run without the job queue: a message stored and delivered at once. */
export { deliverNow } from './plugins/delivery';
export type { PushSender } from './plugins/delivery-push';
/** For the demo seed: the weight reminder's automatic rule written from its settings. */
export { syncWeightReminderRule } from './plugins/automatic-messages-repository';
/** For the demo seed: a scheduled message's runs, computed as the tick computes them. */
export { instantOfLocal, localReading, nextRun } from './scheduled-timing';

/** Housekeeping publishes nothing: it is the hourly clean-up job (plugins/housekeeping.ts) and uses others' decorators. */
export {};

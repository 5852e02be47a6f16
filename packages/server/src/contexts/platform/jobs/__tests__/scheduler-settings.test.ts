/** The scheduler service's settings, read from the environment as the gateway and the scheduler entry do. */
import { loadConfig } from '../../../../config';

it('runs the jobs in the gateway unless SCHEDULER_WORKERS is 0 or false', () => {
  expect(loadConfig({}).schedulerWorkers).toBe(true);
  expect(loadConfig({ SCHEDULER_WORKERS: '1' }).schedulerWorkers).toBe(true);
  expect(loadConfig({ SCHEDULER_WORKERS: '0' }).schedulerWorkers).toBe(false);
  expect(loadConfig({ SCHEDULER_WORKERS: 'false' }).schedulerWorkers).toBe(false);
});

it('has defaults for the port, the polling, the maintenance and the pool, and takes whole numbers over them', () => {
  expect(loadConfig({})).toMatchObject({ schedulerPort: 8081, schedulerPollSeconds: 2, schedulerMaintenanceSeconds: 120, schedulerPoolSize: 10 });
  expect(
    loadConfig({ SCHEDULER_PORT: '9090', SCHEDULER_POLL_SECONDS: '5', SCHEDULER_MAINTENANCE_SECONDS: '30', SCHEDULER_POOL_SIZE: '4' }),
  ).toMatchObject({ schedulerPort: 9090, schedulerPollSeconds: 5, schedulerMaintenanceSeconds: 30, schedulerPoolSize: 4 });
  expect(loadConfig({ SCHEDULER_PORT: 'eighty', SCHEDULER_POLL_SECONDS: '0' })).toMatchObject({ schedulerPort: 8081, schedulerPollSeconds: 2 });
});

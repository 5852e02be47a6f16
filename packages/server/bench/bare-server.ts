/**
 * The yardstick of `pnpm bench:api`: a bare Fastify 5 app with one route, GET /bare, answering a JSON body
 * about the size and shape of /api/user's, with no logger, hooks, database or schema. Listens on PORT and
 * prints "ready" once listening.
 */
import Fastify from 'fastify';

const body = {
  data: {
    id: 1042,
    name: 'Morgan Ellis',
    email: 'staff@northside.test',
    created: '2024-03-18T09:30:00.000Z',
    type: 'program_user',
    program_id: 7,
    popup_msg1: null,
    popup_status: 0,
    programmer_code: 'NSB-0007',
    sub_user: { id: 7, title: 'Northside Bariatric Program', programmer_code: 'NSB-0007' },
    permissions: [],
    administrative_rights: 0,
    self_service: 1,
    terms_and_conditions_check: 1,
    is_password_changed: 1,
  },
};

async function main() {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => body);
  const port = Number.parseInt(process.env.PORT ?? '', 10) || 8090;
  await app.listen({ port, host: process.env.HOST ?? '127.0.0.1' });
  console.log('ready');
  const close = () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

import fp from 'fastify-plugin';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppOptions } from '../../../app';
import { accounts } from '../../../db/schema';
import { newToken } from '../../../lib/secrets';
import { DEMO_PASSWORD } from '../../../seed/demo';
import { DEMO_IDP_ACCOUNTS, createDemoIdp } from '../sso/demo-idp';

/** The demo program that signs in through the demonstration provider, and its e-mail domain. */
export const DEMO_SSO_PROGRAM = { id: 102, email: 'subuser@lakeview.test', domain: 'lakeview.test' } as const;
export const DEMO_IDP_PATH = '/demo-idp';
export const DEMO_IDP_CLIENT_ID = 'baridesk-demo';

/**
 * `pnpm start` with the demo data (SEED_ON_EMPTY on, DEMO_IDP not '0'): mounts the demonstration OpenID
 * provider (src/sso/demo-idp.ts) under /demo-idp and makes it the identity provider of the demo program
 * Lakeview (domain lakeview.test), so single sign-on can be tried in the browser. It does nothing on a
 * database without the demo program, or where Lakeview already has another provider.
 */
export default fp(
  async (fastify: FastifyInstance, options: AppOptions) => {
    const { config } = fastify;
    if (!options.demoIdp || !config.seedOnEmpty) return;

    const demo = await fastify.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.id, DEMO_SSO_PROGRAM.id), eq(sql`lower(${accounts.email})`, DEMO_SSO_PROGRAM.email)))
      .limit(1);
    if (demo.length === 0) return;

    const issuer = `${config.publicUrl}${DEMO_IDP_PATH}`;
    const existing = await fastify.sso.providerOfProgram(DEMO_SSO_PROGRAM.id);
    if (existing && !existing.issuer.endsWith(DEMO_IDP_PATH)) {
      fastify.log.info('The demo program has its own identity provider: the demonstration provider is not mounted.');
      return;
    }
    const owner = await fastify.sso.domainOwner(DEMO_SSO_PROGRAM.domain);
    if (owner !== null && owner !== DEMO_SSO_PROGRAM.id) return;

    // A new client secret at every start: the provider's state lives in this process only.
    const clientSecret = newToken();
    const idp = await createDemoIdp({
      issuer,
      clients: [
        { clientId: DEMO_IDP_CLIENT_ID, clientSecret, redirectUris: [`${config.publicUrl}/api/sso/callback`] },
      ],
      accounts: DEMO_IDP_ACCOUNTS,
      password: DEMO_PASSWORD,
      proxy: Boolean(config.trustProxy),
      onError: (error) => fastify.log.error({ err: error }, 'demo identity provider failed'),
    });
    await fastify.sso.saveProvider(
      {
        programId: DEMO_SSO_PROGRAM.id,
        displayName: 'BariDesk demo identity provider',
        issuer,
        clientId: DEMO_IDP_CLIENT_ID,
        clientSecret,
        domains: [DEMO_SSO_PROGRAM.domain],
      },
      fastify.clock.now(),
    );

    await fastify.register(async (scope) => {
      // The provider reads its own request bodies (form posts): Fastify must leave them unread.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
      const pass = { schema: { hide: true } };
      const handler = (request: FastifyRequest, reply: FastifyReply) => {
        reply.hijack();
        idp.handle(request.raw, reply.raw);
      };
      scope.all(DEMO_IDP_PATH, pass, handler);
      scope.all(`${DEMO_IDP_PATH}/*`, pass, handler);
    });
    fastify.log.info(`Demonstration identity provider at ${issuer}: try single sign-on at /sso with ${DEMO_SSO_PROGRAM.email}`);
  },
  { name: 'demo-idp', dependencies: ['database', 'sso-repository'] },
);

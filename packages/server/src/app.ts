import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import autoload from '@fastify/autoload';
import fp from 'fastify-plugin';
import { type Config, loadConfig } from './config';
import type { DatabaseTarget } from './db/client';
import { type Clock, systemClock } from './lib/clock';
import { ValidationError, jsonSerializerCompiler, valibotValidatorCompiler } from './lib/valibot';
import type { DemoSeedOptions } from './seed/demo';
import './types';

export interface AppOptions {
  /** Overrides of the settings read from the environment. */
  config?: Partial<Config>;
  clock?: Clock;
  /** Where the data lives; by default DATABASE_URL, else PGlite in DATA_DIR. */
  database?: DatabaseTarget;
  /** The demo data loaded into an empty database; false loads nothing. */
  seed?: DemoSeedOptions | false;
  logger?: FastifyServerOptions['logger'];
  /** Serve the built front ends (the gateway does; the API alone does not). */
  web?: boolean | { root: string };
  /** The hourly clean-up of ended sessions; tests turn it off. */
  housekeeping?: boolean;
  /** The daily sweep of the pipeline automation rules (every 15 minutes, each program after 00:30 its time); off when false or when housekeeping is false. */
  pipelineSweep?: boolean;
  /** Mount the demonstration OpenID provider under /demo-idp when the demo data is there (the gateway does). */
  demoIdp?: boolean;
}

export const GENERIC_SERVER_ERROR = 'Something went wrong on our side. Please try again in a few minutes.';

/** Builds the API service, ready to listen or to be called in-process with `inject`. */
export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const app = createApp(options);
  await app.ready();
  return app;
}

/**
 * The service with its plugins queued but not yet loaded: hooks added now (an onRoute hook listing the
 * routes, in the route-table test) apply to everything the plugins register. `ready()` loads them.
 */
export function createApp(options: AppOptions = {}): FastifyInstance {
  const config = { ...loadConfig(), ...options.config };
  const serverOptions: FastifyServerOptions = {
    logger: options.logger ?? {
      level: config.logLevel,
      // Never write credentials or tokens to the log.
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'req.body.password', '*.password', '*.token'],
        censor: '[redacted]',
      },
    },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    // Opening the database may migrate it and load the demo data first: allow it the time.
    pluginTimeout: 120_000,
  };
  const app = Fastify(serverOptions);
  app.decorate('config', config);
  app.decorate('clock', options.clock ?? systemClock);
  app.setValidatorCompiler(valibotValidatorCompiler);
  app.setSerializerCompiler(jsonSerializerCompiler);
  void app.register(fp(serviceApp, { name: 'baridesk' }), options);
  return app;
}

/** The service as a plugin, laid out like fastify/demo: external plugins, app plugins, then routes. */
async function serviceApp(fastify: FastifyInstance, options: AppOptions) {
  // Set before the routes are registered, so every route context inherits them.
  fastify.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ValidationError) {
      return reply.code(422).send({ message: error.message, errors: error.errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ message: GENERIC_SERVER_ERROR });
    }
    request.log.info({ code: error.code, status }, error.message);
    return reply.code(status).send({ message: clientMessage(error, status) });
  });

  fastify.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ message: `No route ${request.method} ${request.url.split('?')[0]}.` });
  });

  await fastify.register(autoload, { dir: path.join(__dirname, 'plugins/external'), options });
  await fastify.register(autoload, { dir: path.join(__dirname, 'plugins/app'), options });
  await fastify.register(autoload, {
    dir: path.join(__dirname, 'routes'),
    autoHooks: true,
    cascadeHooks: true,
    // Tests live beside the routes they test; they are not routes.
    ignoreFilter: (file) => /(^|[\\/])__tests__[\\/]|\.test\.[cm]?[jt]s$/.test(file),
    options,
  });
}

/** Fastify's own 4xx texts, said in the product's voice. */
function clientMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This content type is not accepted here; send JSON.';
    default:
      return error.message || (status === 404 ? 'Not found.' : 'The request could not be processed.');
  }
}

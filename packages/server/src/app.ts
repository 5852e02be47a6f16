import { readdirSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import autoload from '@fastify/autoload';
import fp from 'fastify-plugin';
import apiHooks from './api-hooks';
import { type Config, loadConfig } from './config';
import type { DatabaseTarget } from './db/client';
import { type Clock, systemClock } from './lib/clock';
import { ValidationError, jsonSerializerCompiler, valibotValidatorCompiler } from './lib/valibot';
import { logRequestFailure, loggerOptions } from './lib/request-log';
import { MALFORMED_ADDRESS } from './lib/request-text';
import { constraintConflict } from './lib/pg-errors';
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
  /**
   * The hourly clean-up of ended sessions, old sign-in failures and unclaimed uploads; false (tests) also
   * turns the job queue's workers off unless `workers` says otherwise.
   */
  housekeeping?: boolean;
  /** The daily sweep of the pipeline automation rules (a job every 15 minutes sweeps each program after 00:30 its time); off when false. */
  pipelineSweep?: boolean;
  /**
   * Run the job queue's handlers and cron schedules in this process (fastify.jobs); by default the
   * SCHEDULER_WORKERS setting (on). Tests turn them off and run what they queued with `app.jobs.drain()`.
   */
  workers?: boolean;
  /**
   * Serve the API under /api (default). The scheduler service's own process (`pnpm start:scheduler`,
   * src/entry/scheduler.ts) serves /scheduler/api alone.
   */
  api?: boolean;
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
    // Routes and parameter names only, never values, headers or tokens (see lib/request-log).
    logger: loggerOptions(config.logLevel, options.logger),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    // Opening the database may migrate it and load the demo data first: allow it the time.
    pluginTimeout: 120_000,
    // The router's own refusals (a path parameter that does not decode, one too long) get the same
    // answer as every other 4xx, instead of Fastify's raw one.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const status = error.statusCode ?? 400;
      const message = status >= 500 ? GENERIC_SERVER_ERROR : clientMessage(error, status);
      logRequestFailure(request.log, error, status, { told: message });
      return reply.code(status).header('cache-control', 'no-store').send({ message });
    },
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
    // A constraint no route's check could see coming (a race with another request) is a conflict.
    const conflict = error.statusCode === undefined ? constraintConflict(error) : null;
    const status = conflict ? 409 : (error.statusCode ?? 500);
    const message = conflict ?? (status >= 500 ? GENERIC_SERVER_ERROR : clientMessage(error, status));
    logRequestFailure(request.log, error, status, { told: message });
    return reply.code(status).send({ message });
  });

  fastify.setNotFoundHandler((request, reply) => {
    // Outside the /api scope's hooks, so it says no-store itself, like every other /api answer.
    reply.code(404).header('cache-control', 'no-store').send({ message: `No route ${request.method} ${request.url.split('?')[0]}.` });
  });

  await fastify.register(autoload, { dir: path.join(__dirname, 'plugins/external'), options });
  // Every context's Fastify plugins (repositories and services: contexts/<name>/plugins/*.ts) in one
  // autoload, so that their declared dependencies order them across contexts.
  await fastify.register(autoload, {
    dir: path.join(__dirname, 'contexts'),
    dirNameRoutePrefix: false,
    matchFilter: (file) => /\/plugins\/[^/]+\.[cm]?[jt]s$/.test(file),
    ignoreFilter: isTestFile,
    options,
  });
  if (options.api !== false) await fastify.register(routesOf('routes'), { ...options, prefix: '/api' });
  // The scheduler service (docs/scheduler.md): embedded in the gateway, and all there is of its own process.
  await fastify.register(routesOf('scheduler-routes'), { ...options, prefix: '/scheduler/api' });
}

/**
 * Everything under a prefix: the caller's session and scope, and the route's `config.access` check, apply
 * to every route (see api-hooks); then each context's folder of that name, mapped folder-to-path by
 * autoload: under /api the `routes/` folders (contexts/patients/routes/patients/excel.ts serves
 * /api/patients/...), with their own autohooks (contexts/admin/routes/admin/autohooks.ts: super admins
 * only under /api/admin); under /scheduler/api the `scheduler-routes/` folders, the same way
 * (contexts/platform/jobs/scheduler-routes/jobs/index.ts serves /scheduler/api/jobs).
 */
function routesOf(folder: 'routes' | 'scheduler-routes') {
  return async function mountRoutes(fastify: FastifyInstance, { prefix: _prefix, ...options }: AppOptions & { prefix?: string }) {
    // The prefix is this plugin's; passed on, autoload would add it again to every route.
    await fastify.register(apiHooks);
    for (const dir of routeFolders(path.join(__dirname, 'contexts'), folder)) {
      await fastify.register(autoload, { dir, autoHooks: true, cascadeHooks: true, ignoreFilter: isTestFile, options });
    }
  };
}

/** The contexts' folders named `folder` (a context may hold sub-contexts: platform/uploads/routes), sorted. */
function routeFolders(dir: string, folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === '__tests__') continue;
    const child = path.join(dir, entry.name);
    if (entry.name === folder) found.push(child);
    else if (entry.name !== 'routes' && entry.name !== 'scheduler-routes') found.push(...routeFolders(child, folder));
  }
  return found.sort();
}

/** Tests live beside the code they test; they are neither plugins nor routes. */
function isTestFile(file: string): boolean {
  return /(^|[\\/])__tests__[\\/]|\.test\.[cm]?[jt]s$/.test(file);
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
    case 'FST_ERR_BAD_URL':
      return MALFORMED_ADDRESS;
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'The address is too long.';
    default:
      return error.message || (status === 404 ? 'Not found.' : 'The request could not be processed.');
  }
}

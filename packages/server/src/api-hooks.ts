import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { refuseOutsideMenuArea } from './lib/menu-area';

/**
 * Applied to every route under /api (app.ts registers it in the /api scope): resolves the caller's session
 * and scope once, then checks the route's `config.access` (staff by default) and `config.area` (the menu
 * flag that opens it; lib/menu-area.ts). Admin routes default to super_admin (see
 * contexts/admin/routes/admin/autohooks.ts); `patient` routes (/api/app) take a patient's app session instead.
 */
async function apiHooks(fastify: FastifyInstance) {
  fastify.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access ?? 'staff';
    if (access === 'public') return;
    // A patient of the app (contexts/patient-app): their own sessions, never a staff one, nor the reverse.
    if (access === 'patient') return fastify.authenticatePatient(request);
    await fastify.authenticate(request);
    fastify.authorize(request, access);
    // The program user's menu flags, from the same table the sidebar reads (domain MENU_AREAS).
    refuseOutsideMenuArea(fastify, request);
  });

  // Answers carry patient data: no browser, proxy or CDN may keep a copy (errors included). A route that
  // set its own Cache-Control (the Excel and PDF downloads say no-store too) keeps it.
  fastify.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  // Read your own writes: after a change succeeds, this replica re-reads the caller's session and their
  // program's part of the sidebar at once rather than waiting for the database's notification to arrive.
  fastify.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.scope && reply.statusCode < 400) {
      fastify.sessions.cache.evictAccount(request.scope.accountId);
      if (request.scope.programId !== null) fastify.sidebarCache.evictProgram(request.scope.programId);
    }
  });
}

export default fp(apiHooks, { name: 'api-hooks', dependencies: ['authentication', 'sessions-repository', 'sidebar-cache', 'patient-sessions'] });

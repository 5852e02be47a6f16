import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { openApiTransform } from '../../lib/valibot';

/** The OpenAPI document at /api/docs (JSON at /api/docs/json), generated from the contracts' schemas. */
export default fp(
  async (fastify) => {
    await fastify.register(swagger, {
      openapi: {
        info: {
          title: 'BariDesk API',
          description: 'The API of the BariDesk dashboard. Send `Authorization: Bearer <token>` from POST /api/login.',
          version: '0.1.0',
        },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
        security: [{ bearer: [] }],
      },
      transform: openApiTransform as never,
    });
    await fastify.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'list', deepLinking: true },
      // The documentation itself is public: it describes shapes, never data.
      uiHooks: {},
    });
  },
  { name: 'swagger' },
);

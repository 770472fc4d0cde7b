import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI document generated from the zod schemas: UI at /api/docs, JSON at /api/docs/json; registered
 * only when `API_DOCS` is on. The UI's page carries the app's own content security policy (its scripts
 * and styles are files of its own), not the looser one the UI plugin would set.
 */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Lombard API',
        description: 'Investments and securities-backed cash advances. Errors: {"detail"} or field lists.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    // An upload route describes its multipart form apart from `body` (Fastify does not parse it): the
    // document shows it as the route's body, which `consumes` makes multipart/form-data.
    transform: (input) => {
      const { multipartBody, ...schema } = input.schema ?? {};
      return jsonSchemaTransform({ ...input, schema: multipartBody ? { ...schema, body: multipartBody } : schema });
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});

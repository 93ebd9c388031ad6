import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PREFIX = '/api/docs';

/**
 * The OpenAPI 3.1 document is generated from the zod schemas of the routes (the same schemas
 * that validate requests), so it cannot drift from what the server does. Must be registered
 * before the routes it describes.
 */
export async function registerOpenApi(app: FastifyInstance, options: { version: string }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Ztart Tips API',
        description:
          'Digital wallet and tipping. Amounts are integers in minor units with an ISO 4217 currency. ' +
          'Every non-2xx answer has the shape `{ "error": { "code", "message", "details"? } }`.',
        version: options.version,
      },
    },
    // No `servers`: the document then points at the origin it was loaded from, whichever that is.
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  // The reference page loads only its own scripts and styles, so it works under our CSP as is.
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    uiConfig: { deepLinking: true },
    validatorUrl: false,
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}

import { TOKEN_HEADER } from '@andes/contract/common/envelope';
import { PermissionTreeItemSchema } from '@andes/contract/iam/permission-tree';
import { MenuNodeSchema } from '@andes/contract/permissions/menu-tree';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SERVICE_SECURITY_SCHEME, SERVICE_TAG } from '../http/register-endpoint.ts';

export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PREFIX = '/docs';

/** The docs page loads Swagger UI's own scripts and styles, which inject inline styles. */
const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; " +
  "connect-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'self'";

/**
 * Recursive contract schemas must be named components, or the generated `$ref`s point nowhere.
 * (Registered here until the contract registers them itself.)
 */
const NAMED_SCHEMAS: readonly [z.ZodType, string][] = [
  [MenuNodeSchema, 'MenuNode'],
  [PermissionTreeItemSchema, 'PermissionTreeItem'],
];

function nameRecursiveSchemas(): void {
  for (const [schema, id] of NAMED_SCHEMAS) {
    if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });
  }
}

/**
 * OpenAPI document generated from the routes' zod schemas (the contract endpoints), served at
 * /openapi.json, with Swagger UI at /docs. Must be registered before the routes.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  nameRecursiveSchemas();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Andes merchant dashboard API',
        description:
          'Every call is POST with a JSON body and answers {code, msg, data} (binary downloads answer the file). ' +
          `Send the session token from sign-in in the \`${TOKEN_HEADER}\` header; a rotated token comes back in \`refresh-token\`. ` +
          `The payment platform's calls (tag \`${SERVICE_TAG}\`, under /internal/v1) take its service token instead: ` +
          '`Authorization: Bearer <token>`.',
        version: '0.1.0',
      },
      tags: [{ name: SERVICE_TAG, description: 'The payment platform → Andes ingestion API (service token; idempotent events)' }],
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: TOKEN_HEADER },
          [SERVICE_SECURITY_SCHEME]: { type: 'http', scheme: 'bearer', description: 'The platform service token' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: DOCS_CSP,
    uiConfig: { url: OPENAPI_PATH, docExpansion: 'list', deepLinking: true },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}

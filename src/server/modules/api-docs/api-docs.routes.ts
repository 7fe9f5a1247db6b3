import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fileResponse, notFoundParams, type ZodTypeProvider } from '../../route-schema';
import { API_COMPONENTS, API_ERROR_SCHEMA, API_TAG_ORDER, API_VERSION } from './components';
import { openApiDocument, type DeclaredRoute } from './openapi';

/** Swagger UI's files, served from its npm package: the reference works offline and under our CSP. */
const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Firemark API reference</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"><p style="font-family: sans-serif; padding: 1rem">Loading the API reference… It needs JavaScript; the document itself is at <a href="/api/openapi.json">/api/openapi.json</a>.</p></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>
`;

/** In a file of its own, not inline: the CSP allows scripts from this origin only. */
const START_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
  tryItOutEnabled: false,
});
`;

const REFERENCE_FILES = { 'swagger-ui.css': 'text/css; charset=utf-8', 'swagger-ui-bundle.js': 'text/javascript; charset=utf-8' } as const;
const referenceFile = notFoundParams(z.object({ file: z.enum(Object.keys(REFERENCE_FILES) as (keyof typeof REFERENCE_FILES)[]) }), 'Not found');

const reference = { tags: ['Reference'], public: true };

/**
 * GET /api/openapi.json: the document, made from the routes' own schemas once they are all
 * registered. GET /api/docs: a readable reference of it.
 */
export async function apiDocsRoutes(app: FastifyInstance, deps: { routes: DeclaredRoute[] }): Promise<void> {
  let document: string | undefined;
  app.get('/api/openapi.json', { schema: { ...reference, summary: 'Get the OpenAPI document', response: { 200: fileResponse('application/json') } } }, async (_request, reply) => {
    document ??= JSON.stringify(openApiDocument(deps.routes, { version: API_VERSION, components: API_COMPONENTS, errorSchema: API_ERROR_SCHEMA, tagOrder: API_TAG_ORDER }));
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(document);
  });

  app.get('/api/docs', { schema: { ...reference, summary: 'Read the API reference', response: { 200: fileResponse('text/html') } } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(DOCS_PAGE),
  );

  app.get('/api/docs/start.js', { schema: { ...reference, summary: 'Get the API reference script', response: { 200: fileResponse('text/javascript') } } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(START_SCRIPT),
  );

  const cached = new Map<string, Buffer>();
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/docs/:file',
    { schema: { ...reference, summary: 'Get a file of the API reference', params: referenceFile, response: { 200: fileResponse('text/css', 'text/javascript') } } },
    async (request, reply) => {
      const type = REFERENCE_FILES[request.params.file];
      let body = cached.get(request.params.file);
      if (!body) cached.set(request.params.file, (body = await readFile(path.join(swaggerUiDir, request.params.file))));
      return reply.type(type).header('cache-control', 'public, max-age=86400').send(body);
    },
  );
}

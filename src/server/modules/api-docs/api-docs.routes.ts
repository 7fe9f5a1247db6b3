import type { FastifyInstance } from 'fastify';
import { fileResponse } from '../../route-schema';
import { API_COMPONENTS, API_ERROR_SCHEMA, API_TAG_ORDER, API_VERSION } from './components';
import { openApiDocument, type DeclaredRoute } from './openapi';
import { renderReferencePage, type OpenApiDocumentLike } from './reference-page';

const reference = { tags: ['Reference'], public: true };

/**
 * GET /api/openapi.json: the document, made from the routes' own schemas once they are all
 * registered. GET /api/docs: a readable reference of it.
 */
export async function apiDocsRoutes(app: FastifyInstance, deps: { routes: DeclaredRoute[] }): Promise<void> {
  // Made once all routes are registered, at the first request.
  let document: ReturnType<typeof openApiDocument> | undefined;
  let json: string | undefined;
  let page: string | undefined;
  const made = () => (document ??= openApiDocument(deps.routes, { version: API_VERSION, components: API_COMPONENTS, errorSchema: API_ERROR_SCHEMA, tagOrder: API_TAG_ORDER }));

  app.get('/api/openapi.json', { schema: { ...reference, summary: 'Get the OpenAPI document', response: { 200: fileResponse('application/json') } } }, async (_request, reply) => {
    json ??= JSON.stringify(made());
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(json);
  });

  app.get('/api/docs', { schema: { ...reference, summary: 'Read the API reference', response: { 200: fileResponse('text/html') } } }, async (_request, reply) => {
    page ??= renderReferencePage(made() as unknown as OpenApiDocumentLike);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
  });
}

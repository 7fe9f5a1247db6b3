import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INSPECTION_TYPES } from '@shared/enums';
import { apiErrorResponse } from '@shared/schemas/api-error';
import { createProperty } from '../../db/seed/properties';
import { jsonSerializerCompiler, zodValidatorCompiler } from '../../route-schema';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { collectApiRoutes, openApiDocument } from './openapi';

let ctx: TestContext;
type Document = ReturnType<typeof openApiDocument>;
let document: Document;
beforeAll(async () => {
  ctx = await createTestContext();
  const response = await ctx.agent().get('/api/openapi.json');
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(async () => {
  await ctx.close();
});

type Operation = { operationId: string; summary: string; tags: string[]; security?: unknown[]; parameters?: { name: string; in: string; required: boolean }[]; requestBody?: unknown; responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods as Record<string, Operation>).map(([method, operation]) => ({ path, method, operation })));

/** Every route the app registered under /api, read from Fastify's own route tree (nested by indentation). */
function registeredRoutes(): string[] {
  const tree = ctx.app.printRoutes({ commonPrefix: false });
  const found = new Set<string>();
  const prefixes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (prefixes[depth - 1] ?? '') + match[2]!;
    prefixes[depth] = path;
    if (!path.startsWith('/api/')) continue;
    for (const method of match[3]!.split(', ')) if (method !== 'HEAD') found.add(`${method} ${path.replace(/:([A-Za-z]+)/g, '{$1}')}`);
  }
  return [...found].sort();
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every /api route the app serves, each with an id, a summary, a tag and an answer', () => {
    const documented = operations().map(({ path, method }) => `${method.toUpperCase()} ${path}`).sort();
    const registered = registeredRoutes();
    expect(registered.length).toBeGreaterThan(70);
    expect(documented).toEqual(registered);
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, operation } of operations()) {
      expect(operation.summary, `${method} ${path}`).toMatch(/^[A-Z]/);
      expect(operation.tags.length, `${method} ${path}`).toBeGreaterThan(0);
      expect(Object.keys(operation.responses).some((status) => /^[23]/.test(status)), `${method} ${path}`).toBe(true);
    }
  });

  it('describes the inputs with the same rules the server applies', () => {
    const list = document.paths['/api/properties']!.get as Operation;
    expect(list.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['limit', 'offset', 'q', 'status', 'sort']));
    const create = (document.paths['/api/properties']!.post as Operation).requestBody as { content: { 'application/json': { schema: { $ref: string } } } };
    const bodyName = create.content['application/json'].schema.$ref.split('/').pop()!;
    const body = document.components.schemas[bodyName] as { required: string[]; properties: Record<string, { maxLength?: number }> };
    expect(body.required).toEqual(expect.arrayContaining(['name', 'addressLine1', 'city', 'state', 'zip', 'managerEmail']));
    expect(body.properties.name!.maxLength).toBe(200);
    const get = document.paths['/api/properties/{id}']!.get as Operation;
    expect(get.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(Object.keys(get.responses)).toEqual(expect.arrayContaining(['200', '401', '404']));
  });

  it('offers every safety item type wherever a type is taken, the twelve of the library issue included', () => {
    const enums: unknown[][] = [];
    JSON.stringify(document, (key, value: unknown) => {
      if (key === 'enum' && Array.isArray(value)) enums.push(value);
      return value;
    });
    const typeEnums = enums.filter((e) => e.includes('fire_extinguisher'));
    expect(typeEnums.length).toBeGreaterThan(0);
    for (const e of typeEnums) expect(e).toEqual([...INSPECTION_TYPES]);
  });

  it('marks the routes that need no sign-in, and only those', () => {
    const publicOnes = operations()
      .filter(({ operation }) => operation.security?.length === 0)
      .map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    expect(publicOnes).toEqual(expect.arrayContaining(['POST /api/auth/login', 'GET /api/verify/{id}', 'GET /api/calendar/{file}', 'GET /api/openapi.json']));
    expect(publicOnes).not.toContain('GET /api/properties');
    expect(publicOnes).not.toContain('GET /api/auth/me');
  });

  it('describes what the server really answers', async () => {
    const { agent, user } = await ctx.signedIn();
    const property = await createProperty(ctx.runtime.db, user.id, { name: 'Harbour House' });
    const scheduled = await agent.post('/api/inspections', { propertyId: property.id, inspectionType: 'fire_extinguisher', dueDate: '2030-01-15', assignedTo: 'Ada Byrne' });
    expect(scheduled.statusCode).toBe(201);

    const ajv = new Ajv2020({ strict: false, allErrors: true });
    for (const [name, schema] of Object.entries(document.components.schemas)) ajv.addSchema(schema, `#/components/schemas/${name}`);
    const answerSchema = (path: string, method: string, status: string) => {
      const operation = (document.paths as Record<string, Record<string, Operation>>)[path]![method]!;
      return operation.responses[status]!.content!['application/json']!.schema as { $ref: string };
    };
    const check = async (url: string, path: string, status = '200') => {
      const response = await agent.get(url);
      expect(response.statusCode, url).toBe(Number(status));
      const validate = ajv.compile({ $ref: answerSchema(path, 'get', status).$ref });
      expect(validate(response.json()) ? [] : validate.errors, url).toEqual([]);
    };
    await check('/api/properties', '/api/properties');
    await check(`/api/properties/${property.id}`, '/api/properties/{id}');
    await check('/api/inspections', '/api/inspections');
    await check(`/api/inspections/${scheduled.json().id}`, '/api/inspections/{id}');
    await check('/api/dashboard/stats', '/api/dashboard/stats');
    await check(`/api/properties/${property.id}/requirements`, '/api/properties/{id}/requirements');
    await check('/api/auth/me', '/api/auth/me');

    // An answer with a field the document does not name fails the check.
    const strict = ajv.compile({ $ref: answerSchema('/api/properties/{id}', 'get', '200').$ref });
    expect(strict({ ...(await agent.get(`/api/properties/${property.id}`)).json(), undocumented: 1 })).toBe(false);
  });

  it('is read by the reference page: plain HTML from this server, every call and schema on it, no script', async () => {
    const page = await ctx.agent().get('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).not.toMatch(/<script/i);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    for (const { path, method, operation } of operations()) {
      expect(page.body, `${method} ${path}`).toContain(`<span class="method method-${method}">${method.toUpperCase()}</span> <code>${path}</code> <span class="summary">${operation.summary.replaceAll("'", '&#39;')}</span>`);
    }
    for (const name of Object.keys((document as { components: { schemas: object } }).components.schemas)) expect(page.body).toContain(`>${name}</h3>`);
    expect(page.body).toContain('Available values: <code>&quot;commercial&quot;</code>');
    // Swagger UI's files are gone with it.
    expect((await ctx.agent().get('/api/docs/swagger-ui-bundle.js')).statusCode).toBe(404);
  });
});

describe('route declarations', () => {
  it('a route without a summary stops the document from being made', async () => {
    const app = Fastify();
    app.setValidatorCompiler(zodValidatorCompiler);
    app.setSerializerCompiler(jsonSerializerCompiler);
    const routes = collectApiRoutes(app);
    app.get('/api/declared', { schema: { summary: 'Get something', tags: ['Test'], response: { 200: z.object({ ok: z.boolean() }) } } }, async () => ({ ok: true }));
    app.get('/api/undeclared', async () => ({ ok: true }));
    await app.ready();
    expect(() => openApiDocument(routes, { version: '1', components: {}, errorSchema: apiErrorResponse })).toThrow('GET /api/undeclared');
    await app.close();
  });

  it('refuses a stranger before reading the input, then answers bad input with the field messages', async () => {
    const stranger = await ctx.agent().post('/api/properties', { name: '' });
    expect(stranger.statusCode).toBe(401);
    const { agent } = await ctx.signedIn();
    const bad = await agent.post('/api/properties', { name: '', managerEmail: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { name: ['Property name is required'] } });
    expect((await agent.get('/api/properties/not-a-number')).statusCode).toBe(404);
  });
});

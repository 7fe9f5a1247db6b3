import type { FastifyInstance, FastifySchema } from 'fastify';
import { z } from 'zod';
import { documentedSchema, fileMediaTypes } from '../../route-schema';

/** A route as declared: what the document is made of. */
export interface DeclaredRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  /** A create or an edit that takes an Idempotency-Key (plugins/idempotency.ts). */
  idempotent?: boolean;
  /** An edit that takes If-Match (docs/offline.md). */
  ifMatch?: boolean;
}

/** Every /api route, as it is registered (HEAD twins of GET routes left out). */
export function collectApiRoutes(app: FastifyInstance): DeclaredRoute[] {
  const routes: DeclaredRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') {
        routes.push({ method, url: route.url, schema: route.schema as FastifySchema | undefined, idempotent: route.config?.idempotent === true, ifMatch: route.config?.ifMatch === true });
      }
    }
  });
  return routes;
}

type JsonSchema = Record<string, unknown>;

const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: 'A new UUID per new request: a retry with the same key and body gets the first answer again, never a second record (docs/api.md, "Retrying safely").',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

const DEPENDS_ON_PARAMETER = {
  name: 'Depends-On',
  in: 'header',
  required: false,
  description: 'The Idempotency-Keys of earlier requests this one needs, comma-separated: until each was accepted for you, 409 `out_of_order` and nothing is applied (docs/offline.md).',
  schema: { type: 'string' },
};

const IF_MATCH_PARAMETER = {
  name: 'If-Match',
  in: 'header',
  required: false,
  description: 'The `updatedAt` of the copy this edit was made from: if the record changed since, 412 `changed_elsewhere` with the record as it stands in `current`, and nothing is applied (docs/offline.md).',
  schema: { type: 'string', format: 'date-time' },
};

export interface DocumentOptions {
  version: string;
  /** Answer shapes named in the reference ("Property", "Inspection"), referred to wherever they appear. */
  components: Record<string, z.ZodType>;
  errorSchema: z.ZodType;
  /** Sections in the order the reference shows them; others follow in the order met. */
  tagOrder?: string[];
}

/** "List properties" → "listProperties": the operation's id, from its one-line summary. */
export const operationIdOf = (summary: string) =>
  summary
    .replace(/[^A-Za-z0-9 ]/g, ' ')
    .trim()
    .split(/\s+/)
    .map((word, i) => (i === 0 ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1).toLowerCase()))
    .join('');

/** `/api/properties/:id` → `/api/properties/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const isZod = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

/**
 * The OpenAPI 3.1 document of the routes as declared: the same zod schemas that validate a
 * request describe it here (zod's JSON Schema output is JSON Schema 2020-12, OpenAPI 3.1's
 * dialect). Named answer shapes become components; the rest is written where it is used.
 */
export function openApiDocument(routes: DeclaredRoute[], options: DocumentOptions) {
  const inputs = z.registry<{ id: string }>();
  const outputs = z.registry<{ id: string }>();
  // A schema used by several routes is written once, under the name of its first use.
  const idsIn = new Map([
    [inputs, new Map<z.ZodType, string>()],
    [outputs, new Map<z.ZodType, string>()],
  ]);
  const name = (registry: typeof inputs, schema: z.ZodType, id: string) => {
    const ids = idsIn.get(registry)!;
    const known = ids.get(schema);
    if (known) return known;
    ids.set(schema, id);
    registry.add(documentedSchema(schema), { id });
    return id;
  };
  for (const [id, schema] of Object.entries({ ...options.components, Error: options.errorSchema })) name(outputs, schema, id);

  // Every route is in the reference: one without a declaration is a mistake to fix, not to skip.
  const undeclared = routes.filter((route) => !route.schema?.summary).map((route) => `${route.method} ${route.url}`);
  if (undeclared.length) throw new Error(`Every /api route declares its schema with a summary (route-schema.ts); these do not: ${undeclared.join(', ')}`);
  const parts = routes.map((route) => {
    const schema = route.schema!;
    const operationId = operationIdOf(schema.summary!);
    const part = (value: unknown, suffix: string, registry: typeof inputs) =>
      isZod(value) && !fileMediaTypes(value) && !(value instanceof z.ZodNever || value instanceof z.ZodUndefined) ? name(registry, value, `${upperFirst(operationId)}${suffix}`) : undefined;
    return {
      route,
      operationId,
      params: part(schema.params, 'Params', inputs),
      query: part(schema.querystring, 'Query', inputs),
      body: part(schema.body, 'Body', inputs),
      responses: Object.fromEntries(
        Object.entries((schema.response ?? {}) as Record<string, unknown>).map(([status, value]) => [status, part(value, `Response${status}`, outputs)]),
      ),
    };
  });

  const uri = (id: string) => `#/components/schemas/${id}`;
  const convert = (registry: typeof inputs, io: 'input' | 'output') =>
    strip((z.toJSONSchema(registry, { uri, io, unrepresentable: 'any' }) as { schemas: Record<string, JsonSchema> }).schemas);
  const inputSchemas = convert(inputs, 'input');
  const outputSchemas = convert(outputs, 'output');

  const components: Record<string, JsonSchema> = { ...outputSchemas };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { route, operationId, params, query, body, responses } of parts) {
    const schema = route.schema!;
    const parameters = [
      ...parametersOf(params ? inputSchemas[params] : undefined, 'path'),
      ...parametersOf(query ? inputSchemas[query] : undefined, 'query'),
      ...(route.idempotent ? [IDEMPOTENCY_KEY_PARAMETER, DEPENDS_ON_PARAMETER] : []),
      ...(route.ifMatch ? [IF_MATCH_PARAMETER] : []),
    ];
    if (body) components[body] = inputSchemas[body]!;
    const fileBodyTypes = fileMediaTypes(schema.body);
    const operation: Record<string, unknown> = {
      operationId,
      summary: schema.summary,
      ...(schema.description ? { description: schema.description } : {}),
      tags: schema.tags ?? [],
      ...(schema.public ? { security: [] } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(body
        ? { requestBody: { required: true, content: { 'application/json': { schema: { $ref: uri(body) } } } } }
        : fileBodyTypes
          ? { requestBody: { required: true, content: Object.fromEntries(fileBodyTypes.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])) } }
          : {}),
      responses: {
        ...Object.fromEntries(
          Object.entries((schema.response ?? {}) as Record<string, z.ZodType>).map(([status, value]) => [status, responseOf(value, responses[status], uri)]),
        ),
        ...errorResponses(route, uri('Error')),
      },
    };
    (paths[openApiPath(route.url)] ??= {})[route.method.toLowerCase()] = operation;
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Firemark API',
      version: options.version,
      description:
        'Properties, inspections, deficiencies and reports of one Firemark account. Send a personal API token (Settings, "API tokens") as `Authorization: Bearer <token>`. Lists are paged with `limit` and `offset` and give the total in the `X-Total-Count` header.',
    },
    servers: [{ url: '/' }],
    security: [{ bearerToken: [] }, { sessionCookie: [] }],
    tags: [...new Set([...(options.tagOrder ?? []), ...parts.flatMap((p) => p.route.schema!.tags ?? [])])]
      .filter((tag) => parts.some((p) => p.route.schema!.tags?.includes(tag)))
      .map((tag) => ({ name: tag })),
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearerToken: { type: 'http', scheme: 'bearer', description: 'A personal API token. Read-only tokens may only GET.' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'firemark_session', description: 'The browser session of the app itself.' },
      },
    },
  };
}

const upperFirst = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** `$schema` and `$id` belong to standalone JSON Schema documents, not to components. */
function strip(schemas: Record<string, JsonSchema>): Record<string, JsonSchema> {
  return Object.fromEntries(Object.entries(schemas).map(([id, { $schema: _s, $id: _i, ...rest }]) => [id, rest]));
}

function parametersOf(objectSchema: JsonSchema | undefined, where: 'path' | 'query') {
  if (!objectSchema) return [];
  const properties = (objectSchema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((objectSchema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    schema,
  }));
}

function responseOf(value: z.ZodType, id: string | undefined, uri: (id: string) => string) {
  const files = fileMediaTypes(value);
  if (files) return { description: value.description ?? 'The file', content: Object.fromEntries(files.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])) };
  if (!id) return { description: value.description ?? 'No content' };
  return { description: value.description ?? 'Success', content: { 'application/json': { schema: { $ref: uri(id) } } } };
}

/** The errors every route of its kind can answer, in the one error shape. */
function errorResponses(route: DeclaredRoute, errorRef: string) {
  const schema = route.schema!;
  const error = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: errorRef } } } });
  return {
    ...(schema.body || schema.querystring ? { 400: error('The input is not valid: `fieldErrors` names each field and what is wrong.') } : {}),
    ...(schema.public ? {} : { 401: error('Not signed in, or the API token is unknown or revoked.') }),
    ...(schema.public || route.method === 'GET' ? {} : { 403: error('A read-only API token, or a plan limit.') }),
    ...(schema.params ? { 404: error('No such record in this account.') } : {}),
    ...(route.idempotent ? { 409: error('The Idempotency-Key was used for another request or its request may have been carried out, or (`out_of_order`) a request named in Depends-On has not been accepted yet; or the record cannot take this change.') } : {}),
    ...(route.ifMatch ? { 412: error('`changed_elsewhere`: the record changed since the copy named in If-Match; `current` is the record as it stands.') } : {}),
  };
}

import type { Readable } from 'node:stream';
import type { FastifySchemaCompiler, FastifySerializerCompiler, FastifyTypeProvider } from 'fastify';
import { z } from 'zod';
import type { Action } from '@shared/permissions';
import { notFound } from './errors';
import { MAX_ID, parse } from './validation';

/**
 * How a route says what it takes and gives: Fastify's `schema` option holds the shared zod
 * schemas. Fastify validates params, query and body with them (through `parse`, so a bad
 * request is the same 400 with SPEC's field messages as everywhere), hands the handler the
 * parsed values, and modules/api-docs turns the same declarations into the OpenAPI document.
 */
declare module 'fastify' {
  interface FastifySchema {
    /** One line for the API reference. */
    summary?: string;
    description?: string;
    /** The reference's section. */
    tags?: string[];
    /**
     * Answers without a signed-in caller. Every other /api route is refused with 401 before
     * its input is read (plugins/auth.ts).
     */
    public?: boolean;
    /**
     * What the caller's role must allow (shared/permissions.ts): checked before the input is
     * read, a 403 naming who can. Routes without one are open to every member; what each
     * member reaches is narrowed in the queries (server/access.ts).
     */
    permission?: Action;
  }
}

declare const jsonOf: unique symbol;

/**
 * JSON already written, as the bytes that go on the wire (a remembered page of a list): sent
 * as it is, typed as what it holds. Kept as bytes, not a string, so sending it again costs no
 * encoding and the garbage collector never scans it.
 */
export type JsonBytes<T> = Buffer & { readonly [jsonOf]: T };
export const toJsonBytes = <T>(value: T) => Buffer.from(JSON.stringify(value)) as JsonBytes<T>;

/**
 * Types `request.params`, `.query` and `.body` as what their zod schemas give, and what a
 * handler answers as what its response schema says.
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> | JsonBytes<z.input<this['schema']>> : unknown;
}

/** A path parameter that names no record of the caller's is a 404, never a 400 (SPEC). */
const notFoundMessages = new WeakMap<z.ZodType, string>();

/** `{ id }` from the path, a positive integer; anything else is "<what>". */
export function idParams(what: string) {
  return notFoundParams(z.object({ id: recordId }), what);
}

export const recordId = z.coerce.number().int().min(1).max(MAX_ID);

/** Path parameters that answer 404 with `what` when they do not parse. */
export function notFoundParams<S extends z.ZodType>(schema: S, what: string): S {
  notFoundMessages.set(schema, what);
  return schema;
}

/** A body or answer that is a file, not JSON: its media types, for the reference. */
const fileTypes = new WeakMap<z.ZodType, readonly string[]>();

export function fileBody(...mediaTypes: string[]) {
  const schema = z.custom<Buffer>((value) => Buffer.isBuffer(value), 'Send the file as the request body');
  fileTypes.set(schema, mediaTypes);
  return schema;
}

export function fileResponse(...mediaTypes: string[]) {
  // A stream is sent as it is read (a stored photo or report, files/file-store.ts).
  const schema = z.custom<string | Buffer | Readable>().describe('The file');
  fileTypes.set(schema, mediaTypes);
  return schema;
}

export const fileMediaTypes = (schema: unknown): readonly string[] | undefined => fileTypes.get(schema as z.ZodType);

/**
 * A schema the reference shows in place of the one that validates: for a body whose kind is
 * told by code (PUT /api/inspections/{id}), the union of the bodies it takes.
 */
const shownAs = new WeakMap<z.ZodType, z.ZodType>();

export function documentedAs<S extends z.ZodType>(schema: S, shown: z.ZodType): S {
  shownAs.set(schema, shown);
  return schema;
}

export const documentedSchema = (schema: z.ZodType): z.ZodType => shownAs.get(schema) ?? schema;

/** An answer with no body (204). */
export const noContent = z.undefined().describe('No content');

export const successResponse = z.object({ success: z.literal(true) });
export const messageResponse = z.object({ message: z.string() });

/** The route's zod schemas validate its request parts; a failure is an AppError (400 or 404). */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const what = httpPart === 'params' ? notFoundMessages.get(schema) : undefined;
  if (fileTypes.has(schema)) return () => true;
  return (data: unknown) => {
    try {
      if (what !== undefined) {
        const result = schema.safeParse(data);
        return result.success ? { value: result.data } : { error: notFound(what) };
      }
      return { value: parse(schema, data) };
    } catch (error) {
      return { error: error as Error };
    }
  };
};

/**
 * Answers are not checked against their schemas at run time (the schemas document them; the
 * API tests hold them to it): serialised as Fastify does without a schema.
 */
export const jsonSerializerCompiler: FastifySerializerCompiler<z.ZodType> = () => (data) => JSON.stringify(data);

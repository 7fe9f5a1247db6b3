import type { FastifyInstance } from 'fastify';
import { validationFailed } from '../errors';
import { MAX_INPUT_DEPTH } from '../validation';

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * The deepest nesting in a JSON text, counted without parsing it, stopping as soon as it
 * passes `limit`. One pass over the characters: a hostile body is turned away before
 * JSON.parse spends a second building 900,000 nested arrays.
 */
export function exceedsDepth(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}

/**
 * Fastify's own JSON parser (with its prototype-poisoning guard), behind a depth check.
 * No form or import of ours nests deeper than MAX_INPUT_DEPTH.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (exceedsDepth(body as string, MAX_INPUT_DEPTH)) {
      done(validationFailed({ _: ['Is nested too deeply'] }, 'The request body is nested too deeply.'), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
}

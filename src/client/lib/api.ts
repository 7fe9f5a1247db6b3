import type { QueryFunction } from '@tanstack/react-query';
import type { ApiErrorBody } from '@shared/api-error';

/**
 * A non-OK answer. `message` follows SPEC 7 ("<status>: <body text or status text>")
 * because the retry rules of the query client read it; screens should prefer
 * `body.message`, which is meant for people.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;

  constructor(status: number, message: string, body: ApiErrorBody | null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get fieldErrors(): Record<string, string[]> {
    return this.body?.fieldErrors ?? {};
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function parseErrorBody(text: string): ApiErrorBody | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && typeof (parsed as ApiErrorBody).message === 'string') {
      return parsed as ApiErrorBody;
    }
  } catch {
    // Not JSON (a proxy's HTML page, for instance); the raw text stays in the message.
  }
  return null;
}

async function toApiError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  return new ApiError(res.status, `${res.status}: ${text || res.statusText}`, parseErrorBody(text));
}

async function send(method: Method, url: string, data?: unknown, signal?: AbortSignal, extra?: Record<string, string>): Promise<{ body: unknown; headers: Headers }> {
  const headers: Record<string, string> = { ...extra, Accept: 'application/json' };
  const init: RequestInit = { method, credentials: 'same-origin', headers, signal };
  if (method !== 'GET') {
    // The server's CSRF defence accepts only JSON bodies on state-changing requests.
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(data ?? {});
  }
  const res = await fetch(url, init);
  if (!res.ok) throw await toApiError(res);
  const text = await res.text();
  return { body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

export async function apiRequest<T>(method: Method, url: string, data?: unknown, signal?: AbortSignal): Promise<T> {
  return (await send(method, url, data, signal)).body as T;
}

/**
 * A create sent with an Idempotency-Key (docs/api.md, "Retrying safely"): sent again with the
 * same key after a lost answer, it gets the first answer back instead of making a second record.
 */
export async function apiCreateOnce<T>(url: string, data: unknown, idempotencyKey: string): Promise<T> {
  return (await send('POST', url, data, undefined, { 'Idempotency-Key': idempotencyKey })).body as T;
}

// The same name as UNDO_TOKEN_HEADER in @shared/schemas/undo, spelled out for the reason below.
const UNDO_TOKEN_HEADER = 'X-Undo-Token';

/** A change the server can take back: its answer and the token that undoes it. */
export async function apiChange<T>(method: Method, url: string, data?: unknown): Promise<{ data: T; undoToken: string | null }> {
  const { body, headers } = await send(method, url, data);
  return { data: body as T, undoToken: headers.get(UNDO_TOKEN_HEADER) };
}

/** A page of a list endpoint with the total before paging (DECISIONS "Lists"). */
export interface ListPage<T> {
  items: T[];
  total: number;
}

// The same name as TOTAL_COUNT_HEADER in @shared/schemas/list, spelled out so that this
// module, part of every page's first download, does not pull zod in with that file.
const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** The offset of the page after `pages`, or undefined when every row is loaded. */
export function nextPageOffset(last: ListPage<unknown>, pages: ListPage<unknown>[]): number | undefined {
  const loaded = pages.reduce((n, page) => n + page.items.length, 0);
  return last.items.length > 0 && loaded < last.total ? loaded : undefined;
}

/** GETs a list endpoint and reads its X-Total-Count header alongside the rows. */
export async function apiGetList<T>(url: string, signal?: AbortSignal): Promise<ListPage<T>> {
  const res = await fetch(url, { method: 'GET', credentials: 'same-origin', headers: { Accept: 'application/json' }, signal });
  if (!res.ok) throw await toApiError(res);
  const items = (await res.json()) as T[];
  const header = Number(res.headers.get(TOTAL_COUNT_HEADER));
  return { items, total: Number.isFinite(header) && res.headers.has(TOTAL_COUNT_HEADER) ? header : items.length };
}

/** "?a=1&b=x" from the defined, non-empty values; an empty string when there are none. */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const api = {
  get: <T>(url: string, signal?: AbortSignal) => apiRequest<T>('GET', url, undefined, signal),
  post: <T>(url: string, data?: unknown) => apiRequest<T>('POST', url, data),
  put: <T>(url: string, data?: unknown) => apiRequest<T>('PUT', url, data),
  delete: <T>(url: string, data?: unknown) => apiRequest<T>('DELETE', url, data),
};

export const defaultQueryFn: QueryFunction = ({ queryKey, signal }) => {
  const [url] = queryKey;
  if (typeof url !== 'string') throw new Error('The first element of a query key must be the URL');
  return api.get(url, signal);
};

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server's human-readable message, or the fallback when there is none. */
export function serverMessage(error: unknown, fallback: string): string {
  return (isApiError(error) && error.body?.message) || fallback;
}

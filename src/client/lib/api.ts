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

export async function apiRequest<T>(
  method: Method,
  url: string,
  data?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, credentials: 'same-origin', headers, signal };
  if (method !== 'GET') {
    // The server's CSRF defence accepts only JSON bodies on state-changing requests.
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(data ?? {});
  }
  const res = await fetch(url, init);
  if (!res.ok) throw await toApiError(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
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

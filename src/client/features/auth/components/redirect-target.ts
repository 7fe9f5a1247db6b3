interface FromState {
  from?: { pathname?: string; search?: string; hash?: string };
}

/** A path of this site (not "//elsewhere", "/\\elsewhere" or a sign-in page), or null. */
export function samePath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Resolved against a stand-in origin: anything that leaves it was not a path of ours.
  const url = new URL(value, 'https://firemark.invalid');
  if (url.origin !== 'https://firemark.invalid' || url.pathname.startsWith('/auth/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where to go after signing in: the `next` path in the sign-in page's address (a session
 * that expired names the page that was open), else the protected page the visitor first
 * asked for, kept in router state by the protected route. Only same-site paths are honoured.
 */
export function redirectTarget(state: unknown, search = '', fallback = '/dashboard'): string {
  const next = samePath(new URLSearchParams(search).get('next'));
  if (next) return next;
  const from = (state as FromState | null)?.from;
  return samePath(from?.pathname ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : null) ?? fallback;
}

/** The sign-in page's address after a session expired on `path`. */
export function expiredLoginPath(path: string): string {
  return `/auth/login?${new URLSearchParams({ expired: '1', next: path }).toString()}`;
}

interface FromState {
  from?: { pathname?: string; search?: string; hash?: string };
}

/**
 * Where to go after signing in: the protected page the visitor first asked for, kept in
 * router state by the protected route. Only same-site paths are honoured.
 */
export function redirectTarget(state: unknown, fallback = '/dashboard'): string {
  const from = (state as FromState | null)?.from;
  const pathname = from?.pathname;
  if (!pathname || !pathname.startsWith('/') || pathname.startsWith('//') || pathname.startsWith('/auth/')) {
    return fallback;
  }
  return `${pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

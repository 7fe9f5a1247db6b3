import type { SessionUser } from '@shared/schemas/auth';

export function displayName(user: SessionUser | null): string {
  return user?.fullName?.trim() || user?.username || 'User';
}

export function initialOf(user: SessionUser | null): string {
  const source = user?.fullName?.trim() || user?.username || '';
  return source.charAt(0).toUpperCase() || 'U';
}

/** Avatar initial, name and e-mail as shown in the sidebar footer and the mobile menu. */
export function UserSummary({ user }: { user: SessionUser | null }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
      >
        {initialOf(user)}
      </span>
      <div className="min-w-0">
        <p className="truncate text-sm font-medium">{displayName(user)}</p>
        {user?.email ? <p className="truncate text-xs text-muted-foreground">{user.email}</p> : null}
      </div>
    </div>
  );
}

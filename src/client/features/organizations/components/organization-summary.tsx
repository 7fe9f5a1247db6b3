import { Building } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import type { Permissions } from '@/lib/use-permissions';

/** The organisation in use and the caller's role in it, as the organisation menu's button shows them. */
export function OrganizationSummary({ permissions }: { permissions: Permissions }) {
  const { organization, roleLabel } = permissions;
  if (!organization) return null;
  return (
    <>
      <Building aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      <span className="min-w-0 flex-1">
        <span className="block text-xs text-muted-foreground">Organisation</span>
        <span className="block truncate text-sm font-medium">{organization.name}</span>
      </span>
      <Badge variant="muted" className="shrink-0">
        {roleLabel}
      </Badge>
    </>
  );
}

import { useMemo } from 'react';
import { can as roleCan, NEEDS_ALL_PROPERTIES, ROLE_LABELS, type Action, type Role } from '@shared/permissions';
import type { CurrentOrganization } from '@shared/schemas/organization';
import { useAuth } from '@/app/auth-context';

export interface Permissions {
  /** The organisation in use, as the session check answered it; null while signed out. */
  organization: CurrentOrganization | null;
  role: Role | null;
  /** "Manager", for the badge beside the organisation's name. */
  roleLabel: string;
  /** Null for every property, else the ids of the properties the caller is given. */
  propertyIds: number[] | null;
  /** Whether the caller's role may do this in the organisation in use (the server's own table). */
  can: (action: Action) => boolean;
}

/** Answers what a role and a property scope allow, the same way the server's checks do. */
export function permissionsOf(organization: CurrentOrganization | null | undefined): Permissions {
  const role = organization?.role ?? null;
  const propertyIds = organization?.propertyIds ?? null;
  return {
    organization: organization ?? null,
    role,
    roleLabel: role ? ROLE_LABELS[role] : '',
    propertyIds,
    can: (action) => {
      if (!role || !roleCan(role, action)) return false;
      // Adding a property a limited member could not then see is refused (NEEDS_ALL_PROPERTIES).
      return !(NEEDS_ALL_PROPERTIES.includes(action) && propertyIds !== null);
    },
  };
}

/**
 * What the caller may do in the organisation in use: screens offer only these (issue 31, "nothing
 * offered that the role cannot do"). The server checks every call again; this only hides.
 */
export function usePermissions(): Permissions {
  const { user } = useAuth();
  const organization = user?.organization;
  return useMemo(() => permissionsOf(organization), [organization]);
}

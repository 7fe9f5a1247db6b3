/**
 * Who may do what in an organisation: the one table the server's checks, the client's menus,
 * docs/permissions.md and the permission test are all read from. A role's list is fixed here,
 * never stored, so changing it is a reviewed change of this file.
 *
 * Reading is not listed: every member reads what they can reach. What they can reach is the
 * organisation's records, narrowed for a member given some properties to those properties, and
 * for an inspector to the inspections assigned to them (server/access.ts).
 */
export const ROLES = ['owner', 'admin', 'manager', 'inspector', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  manager: 'Manager',
  inspector: 'Inspector',
  viewer: 'Viewer',
};

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: 'Everything, including billing, deleting the organisation and transferring ownership.',
  admin: 'Everything but billing and deleting the organisation: members, inspectors, API tokens, webhooks, settings, all properties.',
  manager: 'Properties, requirements, inspections, deficiencies, reports and share links, for all properties or those given.',
  inspector: 'Sees the properties given and the inspections assigned; completes them and records deficiencies with photos.',
  viewer: 'Read-only, reports included, for all properties or those given.',
};

/** Roles that can be limited to some properties; owners and admins always have all. */
export const LIMITABLE_ROLES: readonly Role[] = ['manager', 'inspector', 'viewer'];

export const ACTIONS = {
  'properties.create': 'Add properties and import them from CSV',
  'properties.edit': 'Edit properties',
  'properties.delete': 'Delete properties',
  'requirements.edit': 'Change a property’s requirements and safety items',
  'inspections.schedule': 'Schedule, edit and reschedule inspections',
  'inspections.complete': 'Complete inspections and record their findings',
  'inspections.delete': 'Delete inspections',
  'deficiencies.record': 'Record and correct deficiencies, add photos',
  'reports.create': 'Create compliance reports',
  'shareLinks.manage': 'Create and revoke share links',
  'history.property': 'See a property’s history',
  'history.organization': 'See and export the organisation’s history',
  'insight.summaryMail': 'Receive the monthly portfolio summary by e-mail',
  'inspectors.manage': 'Add, edit and remove inspectors',
  'members.manage': 'Invite members, change their roles and properties, remove them',
  'settings.manage': 'Organisation name, time zone, reminder settings, calendar feed',
  'apiTokens.manage': 'Create and revoke API tokens',
  'webhooks.manage': 'Create, edit and remove webhooks',
  'billing.manage': 'Plan, payment methods and invoices',
  'organization.delete': 'Delete the organisation',
  'organization.transfer': 'Transfer ownership',
} as const;
export type Action = keyof typeof ACTIONS;

const ALL = Object.keys(ACTIONS) as Action[];
const OWNER_ONLY: Action[] = ['billing.manage', 'organization.delete', 'organization.transfer'];
const PROPERTY_WORK: Action[] = [
  'properties.create',
  'properties.edit',
  'properties.delete',
  'requirements.edit',
  'inspections.schedule',
  'inspections.complete',
  'inspections.delete',
  'deficiencies.record',
  'reports.create',
  'shareLinks.manage',
  'history.property',
];

export const PERMISSIONS: Record<Role, ReadonlySet<Action>> = {
  owner: new Set(ALL),
  admin: new Set(ALL.filter((action) => !OWNER_ONLY.includes(action))),
  manager: new Set(PROPERTY_WORK),
  inspector: new Set<Action>(['inspections.complete', 'deficiencies.record']),
  viewer: new Set<Action>(),
};

/**
 * Actions that add to the organisation's set of properties: a member given some properties
 * could not see what they added, so these need all properties.
 */
export const NEEDS_ALL_PROPERTIES: readonly Action[] = ['properties.create'];

export function can(role: Role, action: Action): boolean {
  return PERMISSIONS[role].has(action);
}

/** "owners, admins and managers": who a refusal sends the caller to. */
export function rolesThatCan(action: Action): Role[] {
  return ROLES.filter((role) => can(role, action));
}

const PLURAL: Record<Role, string> = { owner: 'owners', admin: 'admins', manager: 'managers', inspector: 'inspectors', viewer: 'viewers' };

function list(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** The 403 message: which role can do it, so the caller knows whom to ask. */
export function forbiddenMessage(action: Action): string {
  const roles = rolesThatCan(action).map((role) => PLURAL[role]);
  const who = list(roles);
  const allNote = NEEDS_ALL_PROPERTIES.includes(action) ? ' given all properties' : '';
  return `Only ${who}${allNote} can do this (${ACTIONS[action].charAt(0).toLowerCase()}${ACTIONS[action].slice(1)}). Ask an owner or admin of the organisation.`;
}

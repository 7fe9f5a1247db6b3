// npm run docs:permissions   writes docs/permissions.md from src/shared/permissions.ts
// src/server/permissions-doc.test.ts fails when the committed file differs from what this writes.
import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ACTIONS, LIMITABLE_ROLES, NEEDS_ALL_PROPERTIES, ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, can, type Action, type Role } from '../src/shared/permissions';
import { PEOPLE_ONLY } from '../src/server/plugins/api-tokens';

export const PERMISSIONS_DOC_PATH = fileURLToPath(new URL('../docs/permissions.md', import.meta.url));

/** Owners and admins always have every property; a role that can be limited needs all of them for some actions. */
const cell = (role: Role, action: Action) =>
  !can(role, action) ? '—' : NEEDS_ALL_PROPERTIES.includes(action) && LIMITABLE_ROLES.includes(role) ? 'yes, given all properties' : 'yes';

/** The page, from the one table: the same every time for the same table. */
export function permissionsDoc(): string {
  const roles = ROLES.map((role) => `- **${ROLE_LABELS[role]}**: ${ROLE_DESCRIPTIONS[role]}${LIMITABLE_ROLES.includes(role) ? ' Can be limited to some properties.' : ''}`);
  const header = `| Action | ${ROLES.map((role) => ROLE_LABELS[role]).join(' | ')} |`;
  const rule = `| --- | ${ROLES.map(() => ':-:').join(' | ')} |`;
  const rows = (Object.keys(ACTIONS) as Action[]).map(
    (action) => `| ${ACTIONS[action]} (\`${action}\`) | ${ROLES.map((role) => cell(role, action)).join(' | ')} |`,
  );
  return `<!-- Written by \`npm run docs:permissions\` from src/shared/permissions.ts: change that file, then run it. A test fails when this page differs. -->

# Who may do what

Every member of an organisation has one role. What each role may do is one table in
\`src/shared/permissions.ts\`; the server's checks, the app's menus, this page and the
permission test (\`src/server/permissions.test.ts\`) all read it.

## Roles

${roles.join('\n')}

## Actions

${header}
${rule}
${rows.join('\n')}

"Given all properties": a member given some properties only cannot add properties, since they
could not see what they added.

## Reading

Reading is not in the table: every member reads what they can reach. That is the
organisation's records, narrowed for a member given some properties to those properties, and
for an inspector to the inspections assigned to them. A record out of reach answers **404**,
exactly as one that does not exist, so a member learns nothing of the properties they were not
given.

## How a request is answered

1. No signed-in caller (and no valid API token): **401**, before any input is read. A share
   link's token opens only its own page (\`GET /api/share/{token}\`) and is no caller anywhere
   else.
2. The route's action (\`schema.permission\`) not in the caller's role: **403**, naming the roles
   that can, before any input is read.
3. A record of a property or organisation out of the caller's reach: **404**.
4. Otherwise the route's own answers (2xx, or 400 for bad input, 409 for a conflict).

Undoing a change needs the action the change needed (undoing a property's deletion needs
\`properties.delete\`) and the property in reach.

## API tokens

A personal API token acts as the member who made it, with that member's role and properties.
A **read-only** token is refused (403) on anything but \`GET\`. No token reaches the routes under
${PEOPLE_ONLY.map((prefix) => `\`${prefix}\``).join(', ')}: they are for a person signed in.
`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(PERMISSIONS_DOC_PATH, permissionsDoc());
  console.log(`Wrote ${PERMISSIONS_DOC_PATH}`);
}

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACTIONS, ROLE_LABELS, ROLES } from '@shared/permissions';
import { PERMISSIONS_DOC_PATH, permissionsDoc } from '../../scripts/permissions-doc';

describe('docs/permissions.md', () => {
  it('is what npm run docs:permissions writes from the permission table (run it after changing src/shared/permissions.ts)', () => {
    expect(readFileSync(PERMISSIONS_DOC_PATH, 'utf8')).toBe(permissionsDoc());
  });

  it('has a row for every action and a column for every role', () => {
    const doc = permissionsDoc();
    for (const action of Object.keys(ACTIONS)) expect(doc).toContain(`(\`${action}\`)`);
    expect(doc).toContain(`| Action | ${ROLES.map((role) => ROLE_LABELS[role]).join(' | ')} |`);
  });
});

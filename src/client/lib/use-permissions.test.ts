import { describe, expect, it } from 'vitest';
import type { CurrentOrganization } from '@shared/schemas/organization';
import { mainNavFor, tabNavFor } from '@/app/shell/nav-items';
import { permissionsOf } from './use-permissions';

const organization = (role: CurrentOrganization['role'], propertyIds: number[] | null = null): CurrentOrganization => ({
  id: 7,
  name: 'Harbor Fire Group',
  timeZone: 'America/New_York',
  role,
  propertyIds,
  plan: 'pro',
});

describe('what the screens offer a member', () => {
  it('offers an owner everything, billing included', () => {
    const owner = permissionsOf(organization('owner'));
    expect(owner.roleLabel).toBe('Owner');
    expect(owner.can('billing.manage')).toBe(true);
    expect(owner.can('properties.create')).toBe(true);
    expect(mainNavFor(owner).map((item) => item.label)).toEqual(['Dashboard', 'Properties', 'Inspections', 'Reports', 'Insight', 'Billing', 'Settings']);
  });

  it('offers a manager property work but not billing, tokens or settings', () => {
    const manager = permissionsOf(organization('manager'));
    expect(manager.can('inspections.schedule')).toBe(true);
    expect(manager.can('apiTokens.manage')).toBe(false);
    expect(manager.can('settings.manage')).toBe(false);
    expect(mainNavFor(manager).map((item) => item.label)).not.toContain('Billing');
  });

  it('does not offer adding a property to a member given only some properties', () => {
    const limited = permissionsOf(organization('manager', [3]));
    expect(limited.can('properties.create')).toBe(false);
    expect(limited.can('properties.edit')).toBe(true);
  });

  it('offers an inspector completing and deficiencies only, and My inspections as home', () => {
    const inspector = permissionsOf(organization('inspector', [3]));
    expect(inspector.can('inspections.complete')).toBe(true);
    expect(inspector.can('deficiencies.record')).toBe(true);
    expect(inspector.can('inspections.schedule')).toBe(false);
    expect(inspector.can('inspections.delete')).toBe(false);
    expect(inspector.can('requirements.edit')).toBe(false);
    expect(mainNavFor(inspector)[0]).toMatchObject({ to: '/my-inspections', label: 'My inspections' });
    expect(tabNavFor(inspector)[0]).toMatchObject({ to: '/my-inspections' });
  });

  it('offers a viewer nothing that changes a record', () => {
    const viewer = permissionsOf(organization('viewer'));
    expect(viewer.can('inspections.complete')).toBe(false);
    expect(viewer.can('reports.create')).toBe(false);
    expect(viewer.can('deficiencies.record')).toBe(false);
  });

  it('offers nothing while no organisation is known', () => {
    const none = permissionsOf(null);
    expect(none.role).toBeNull();
    expect(none.can('properties.edit')).toBe(false);
  });
});

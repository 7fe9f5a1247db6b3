import { PRO_PLAN_NAME } from '@shared/plans';
import { usePermissions } from './use-permissions';

/** What a member who cannot change the plan is told where an owner would be offered the upgrade. */
export const OWNER_UPGRADES = `This organisation is on the Free plan. Only an owner can upgrade it to ${PRO_PLAN_NAME}: ask one of its owners.`;

/**
 * Whether the caller may be offered an upgrade: only roles that manage billing (owners). Others
 * are not sent to a Billing page that would refuse them; they get OWNER_UPGRADES or nothing.
 */
export function useCanUpgrade(): boolean {
  return usePermissions().can('billing.manage');
}

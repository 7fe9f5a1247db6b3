import { OTHER_CHECK, type DeviceChecklist } from './checklist';
import { monthlyEmergencyLightTest } from './emergency-lighting';
import { monthlyExitSignBatteryTest, monthlyExitSignCheck } from './exit-signs';
import { monthlyExtinguisherInspection } from './fire-extinguisher';
import { monthlyAlarmTest } from './smoke-co-alarms';

/**
 * The checklists by requirement library key (the same key in every code set that has the row).
 * Only activities done device by device on a walk have one; see checklistFor for the rest.
 */
export const DEVICE_CHECKLISTS: Readonly<Record<string, DeviceChecklist>> = {
  'fire_extinguisher.monthly-visual-inspection': monthlyExtinguisherInspection,
  'emergency_lighting.monthly-30-second-functional-test': monthlyEmergencyLightTest,
  'emergency_exits.monthly-exit-sign-check': monthlyExitSignCheck,
  'emergency_exits.monthly-exit-sign-battery-test': monthlyExitSignBatteryTest,
  'smoke_co_alarms.monthly-test': monthlyAlarmTest,
};

/** A custom activity, or one without a list: the inspector describes what failed. */
const DESCRIBE_ONLY: DeviceChecklist = { source: '', items: [OTHER_CHECK] };

/** The checklist of an activity by its library key; a single "Other (describe)" when it has none. */
export function checklistFor(libraryKey: string | null | undefined): { source: string | null; items: DeviceChecklist['items'] } {
  const found = libraryKey ? DEVICE_CHECKLISTS[libraryKey] : undefined;
  return found ? { source: found.source, items: found.items } : { source: null, items: DESCRIBE_ONLY.items };
}

/** The labels of the checks named, in the checklist's order; unknown keys are left out. */
export function checkLabels(libraryKey: string | null | undefined, keys: readonly string[]): string[] {
  const wanted = new Set(keys);
  return checklistFor(libraryKey).items.filter((item) => wanted.has(item.key)).map((item) => item.label);
}

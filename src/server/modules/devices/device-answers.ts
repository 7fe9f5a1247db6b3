import { SUBTYPE_QUESTION } from '@shared/devices';
import type { InspectionType } from '@shared/enums';
import { questionsOf, type ItemAnswers } from '@shared/item-conditions';
import { normaliseAnswers } from '@shared/schemas/safety-item-answers';

/** What a device says about its own kind: its subtype and its answers to the item's questions. */
export type DeviceKind = { subtype?: string | null; answers?: ItemAnswers | null };

/**
 * The item's answers with these devices' kinds added (docs/decisions/042-devices.md): a CO2
 * unit added to an item answered "dry chemical" makes it "dry chemical, CO2", so the 5-year
 * hydrostatic test applies to the item again and the unit gets its clock. Only questions the
 * item has answered are widened (one not answered already applies every row), and only those
 * that take several values: a yes-or-no fact about the whole system (a hospital, a monitored
 * panel) is the item's to give. Null when nothing changes.
 */
export function widenedItemAnswers(itemType: InspectionType, itemAnswers: ItemAnswers, devices: readonly DeviceKind[]): ItemAnswers | null {
  const subtypeQuestion = SUBTYPE_QUESTION[itemType];
  const widened: ItemAnswers = { ...itemAnswers };
  for (const question of questionsOf(itemType)) {
    const given = itemAnswers[question.key];
    if (!given?.length || !question.multiple) continue;
    const values = new Set(given);
    for (const device of devices) {
      // A device's subtype is its answer to the subtype question (it wins over its own answers there).
      const own = question.key === subtypeQuestion && device.subtype ? [device.subtype] : (device.answers?.[question.key] ?? []);
      for (const value of own) values.add(value);
    }
    widened[question.key] = [...values];
  }
  const before = normaliseAnswers(itemType, itemAnswers);
  const after = normaliseAnswers(itemType, widened);
  return JSON.stringify(after) === JSON.stringify(before) ? null : after;
}

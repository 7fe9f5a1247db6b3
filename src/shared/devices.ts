import type { InspectionType } from './enums';

/**
 * Devices (issue 32): each extinguisher, light or detector of a property's safety item, with its
 * own tag, dates and history. A property without devices works as before; once an item has
 * devices in service, their clocks drive its due date (docs/decisions/042-devices.md).
 */
export const DEVICE_STATUSES = ['in_service', 'out_of_service', 'removed', 'replaced'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

export const DEVICE_STATUS_LABELS: Record<DeviceStatus, string> = {
  in_service: 'In service',
  out_of_service: 'Out of service',
  removed: 'Removed',
  replaced: 'Replaced',
};

/** What a walk-through records for one device. */
export const WALKTHROUGH_RESULTS = ['pass', 'fail', 'not_accessible'] as const;
export type WalkthroughResult = (typeof WALKTHROUGH_RESULTS)[number];

export const WALKTHROUGH_RESULT_LABELS: Record<WalkthroughResult, string> = {
  pass: 'Pass',
  fail: 'Fail',
  not_accessible: 'Not accessible',
};

export const WALKTHROUGH_STATUSES = ['open', 'finished', 'abandoned'] as const;
export type WalkthroughStatus = (typeof WALKTHROUGH_STATUSES)[number];

/**
 * The question of src/shared/item-questions whose answer is a device's subtype (the
 * extinguisher's agent, the light's power source): a device answers it for itself, so the
 * library rows that apply to it are those of its own kind (Table 8.3.1's 5 or 12 years).
 */
export const SUBTYPE_QUESTION: Partial<Record<InspectionType, string>> = {
  fire_extinguisher: 'agents',
  emergency_lighting: 'lighting_power',
};

/**
 * Tags: upper-case letters and digits with dashes, 3 to 20 characters, unique across Firemark
 * so that a label's URL finds its device without knowing the organisation. Made tags use an
 * alphabet without 0/O and 1/I so they can be read off a wall.
 */
export const TAG_PATTERN = /^[A-Z0-9][A-Z0-9-]{1,18}[A-Z0-9]$/;
export const MADE_TAG_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const MADE_TAG_LENGTH = 7;

/** Label sheets the print dialog offers (Avery 5160 and L7160 are the common address sheets). */
export const LABEL_FORMATS = ['avery-5160', 'avery-l7160', 'weatherproof-2x4'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

import { hashKey, type QueryKey } from '@tanstack/react-query';
import { SUBSCRIPTION_STATUS_KEY } from '@/lib/use-subscription';
import { ATTENTION_INSPECTIONS_KEY, ATTENTION_LIMIT } from '@/app/shell/use-attention-inspections';
import { unscheduledKey } from '@/features/requirements/api/requirement-queries';
import { DEFICIENCY_SUMMARY_KEY, INSPECTORS_KEY } from '@/features/records/api/record-queries';

/**
 * Which cached answers are kept on the device (docs/offline.md, "What works offline"): the
 * shell's, and everything of a property marked available offline: the property and all it
 * holds under its key (requirements, devices, inspections, deficiencies, walk-throughs), the
 * pages of its inspections, walk-throughs and devices, and the inspectors the Complete dialog
 * offers. Nothing else: a list of the whole portfolio is not kept.
 */

const SHELL_KEYS = new Set(
  [SUBSCRIPTION_STATUS_KEY, ATTENTION_INSPECTIONS_KEY, unscheduledKey({ limit: ATTENTION_LIMIT }), DEFICIENCY_SUMMARY_KEY].map((key) => hashKey(key)),
);

/** Record pages whose own answer names their property: [url prefix, ...]. */
const RECORD_ROOTS = ['/api/inspections', '/api/walkthroughs', '/api/devices'] as const;

/** The property a record's cached answer belongs to, read from the answer at ['/api/<records>', id]. */
export type PropertyOfRecord = (root: (typeof RECORD_ROOTS)[number], id: number) => number | undefined;

export function keptOnDevice(key: QueryKey, offline: ReadonlySet<number>, propertyOfRecord: PropertyOfRecord): boolean {
  if (SHELL_KEYS.has(hashKey(key))) return true;
  if (offline.size === 0) return false;
  const [root, id] = key;
  if (hashKey(key) === hashKey(INSPECTORS_KEY)) return true;
  if (typeof id !== 'number') return false;
  if (root === '/api/properties') return offline.has(id);
  const records = RECORD_ROOTS.find((r) => r === root);
  if (!records) return false;
  const propertyId = propertyOfRecord(records, id);
  return propertyId !== undefined && offline.has(propertyId);
}

/** The property named in a record's answer (an inspection, a walk-through, a device). */
export function propertyIdIn(data: unknown): number | undefined {
  if (data && typeof data === 'object' && 'propertyId' in data && typeof data.propertyId === 'number') return data.propertyId;
  return undefined;
}

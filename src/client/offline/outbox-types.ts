/**
 * What the outbox keeps (docs/offline.md). Every change a person records (a walk-through tap,
 * a completion with its attestation, a deficiency, an edit, a correction, a photo) is written
 * here, on the device, before anything else happens; it is then sent in order, once, with the
 * id made for it as its Idempotency-Key, so the server applies it once however often it arrives.
 */

export type OutboxKind =
  | 'tap'
  | 'walk-finish'
  | 'completion'
  | 'deficiency'
  | 'deficiency-edit'
  | 'correction'
  | 'inspection-edit'
  | 'photo';

/**
 * Where a change stands. `waiting`: not yet accepted (new, or the network failed). `conflict`:
 * the record was changed by someone else since the device's copy; the person chooses (its
 * `problem.current` is the server's version). `refused`: the server will refuse it however often
 * it is sent (bad input, no permission, out of order); kept for the person to read and discard.
 * `not-applied`: what it changed was deleted meanwhile; reported, and what it recorded is kept
 * in the history on the server (POST /api/offline/unapplied).
 */
export type OutboxState = 'waiting' | 'conflict' | 'refused' | 'not-applied';

export interface OutboxProblem {
  status: number;
  message: string;
  /** 412 changed_elsewhere: the record as the server now has it. */
  current?: unknown;
}

/**
 * A value in the url or body that is the answer of an earlier change of this outbox (the
 * deficiency a photo belongs to is made by the tap before it). Written as `{ref:<changeId>:<field>}`
 * in `url`; the sender substitutes the earlier answer's field, and sends `Depends-On: <changeId>`.
 */
export type OutboxRef = `{ref:${string}:${string}}`;

export interface OutboxChange {
  /** Made on the device (crypto.randomUUID); also the Idempotency-Key. */
  id: string;
  /** Order of recording; changes are sent by it. Given by the outbox. */
  seq: number;
  /** Whose change it is: only the person who made it sends it (another may sign in on the device). */
  userId: number;
  organizationId: number;
  /** ISO time it was recorded on the device. */
  recordedAt: string;
  kind: OutboxKind;
  method: 'POST' | 'PUT';
  url: string;
  /** JSON body; for a photo, none (the bytes are in `photo`). */
  body?: unknown;
  /** A photo, already resized on the device (long side at most 2,000 px). */
  photo?: { blob: Blob; contentType: string };
  /** Sent as If-Match: the record's `updatedAt` as the device saw it; edits only. */
  ifMatch?: string;
  /** Earlier changes of this outbox this one needs (sent as Depends-On). */
  dependsOn?: string[];
  /** What a person reads in the sync list: "Pass: EXT-0042, Floor 2, Room 201". */
  label: string;
  /** For lists and for what the screens lay over cached data. */
  propertyId?: number;
  /** The record it changes, when it exists on the server already (inspection, deficiency, walk). */
  target?: { type: 'inspection' | 'deficiency' | 'walkthrough' | 'device'; id: number };
  state: OutboxState;
  problem?: OutboxProblem;
  attempts: number;
}

/** What `record()` resolves with. */
export type RecordOutcome<T> =
  /** Sent and accepted now: the server's answer and its undo token (X-Undo-Token), if any. */
  | { sent: true; answer: T; undoToken: string | null }
  /** Kept on the device; it will be sent when the network allows. */
  | { sent: false; change: OutboxChange };

export interface OutboxSummary {
  waiting: number;
  /** conflict + refused + not-applied: what needs the person. */
  needsAttention: number;
  /** ISO time the outbox last emptied of waiting changes, or null. */
  lastSyncAt: string | null;
  changes: OutboxChange[];
}

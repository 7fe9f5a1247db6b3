/** Inspectors, deficiencies and photos: enumerations and rules shared by server and client. */

/**
 * Severity of a deficiency, in the three classes NFPA 25 defines in chapter 3 (2017 edition
 * and later; cited by chapter, the section numbers were not checked): an impairment is a system
 * or part of it out of order so that it may not work in a fire; a critical deficiency may
 * materially affect its ability to work in a fire; a non-critical one does not, but still
 * needs correcting to meet the standard. NFPA 10 has no such classes, so the same three are
 * used for every safety item.
 */
export const DEFICIENCY_SEVERITIES = ['critical', 'impairment', 'non_critical'] as const;
export type DeficiencySeverity = (typeof DEFICIENCY_SEVERITIES)[number];

export const DEFICIENCY_SEVERITY_LABELS: Record<DeficiencySeverity, string> = {
  critical: 'Critical',
  impairment: 'Impairment',
  non_critical: 'Non-critical',
};

/**
 * Who signs a completion: the person who performed the inspection, or someone recording the
 * result of an inspection another person performed (issue 30: the record must never say one
 * person performed it and another "performed" it by signing).
 */
export const ATTESTATION_ROLES = ['performer', 'recorder'] as const;
export type AttestationRole = (typeof ATTESTATION_ROLES)[number];

/** The statement a person accepts when completing an inspection, by who they are. */
export function attestationStatement(role: AttestationRole, inspector: string): string {
  return role === 'performer' ? 'I performed this inspection.' : `I am recording the result of an inspection performed by ${inspector}.`;
}

/**
 * The record in plain words: who performed it and who signed. A recorder's record names both;
 * a performer's says the signer did the work.
 */
export function attestationSummary(attestation: { role: AttestationRole; typedName: string; performedBy: string }): string {
  return attestation.role === 'performer'
    ? `Performed and signed by ${attestation.typedName}.`
    : `Performed by ${attestation.performedBy}. Recorded and signed by ${attestation.typedName}, who did not perform it.`;
}

/** Two names written by people are the same name when they differ only in case and spacing. */
export function sameName(a: string, b: string): boolean {
  const norm = (v: string) => v.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
  return norm(a) === norm(b);
}

/** Photo formats a phone camera produces, told apart by their first bytes (never by name). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/heic'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

/** Default largest photo, in bytes; PHOTO_MAX_BYTES changes it. */
export const DEFAULT_PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Shown in place of a quarantined photo (one stored before uploads were re-encoded that did
 * not decode, decision 024), and the message of the 404 its url answers.
 */
export const PHOTO_QUARANTINED_MESSAGE = 'This photo could not be checked and is left out of reports.';

/** Whether a licence expiring on `expiresOn` has expired by `today` (both "YYYY-MM-DD"). */
export function licenceExpired(expiresOn: string | null, today: string): boolean {
  return expiresOn !== null && expiresOn < today;
}

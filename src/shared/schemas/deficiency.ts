import { z } from 'zod';
import type { InspectionType } from '../enums';
import { DEFICIENCY_SEVERITIES, type DeficiencySeverity } from '../records';
import { calendarDate } from './calendar-date';

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** One deficiency found by a non-compliant result. */
export const deficiencyInputSchema = z.object({
  description: z
    .string({ error: 'Describe the deficiency' })
    .trim()
    .min(1, 'Describe the deficiency')
    .max(2000, 'Description must be at most 2000 characters'),
  severity: z.enum(DEFICIENCY_SEVERITIES, { error: 'Choose critical, impairment or non-critical' }),
  location: optionalText(200, 'Location'),
  correctiveAction: optionalText(2000, 'Corrective action'),
  dueBy: z
    .union([z.literal(''), z.null(), calendarDate('Enter the due date as a date')])
    .optional()
    .transform((v) => (v ? v : null)),
});
export type DeficiencyInput = z.input<typeof deficiencyInputSchema>;
export type DeficiencyValues = z.output<typeof deficiencyInputSchema>;

/** POST /api/deficiencies/{id}/correct */
export const correctDeficiencySchema = z.object({
  correctedOn: calendarDate('Enter the day it was corrected'),
  correctedBy: z
    .string({ error: 'Enter who corrected it' })
    .trim()
    .min(1, 'Enter who corrected it')
    .max(200, 'Name must be at most 200 characters'),
  note: optionalText(2000, 'Note'),
});
export type CorrectDeficiencyInput = z.input<typeof correctDeficiencySchema>;

export const deficiencyListQuerySchema = z.object({
  status: z.enum(['open', 'corrected', 'all'], { error: 'Unknown status' }).default('all'),
  severity: z.enum(DEFICIENCY_SEVERITIES, { error: 'Unknown severity' }).optional(),
});

export interface DeficiencyPhoto {
  id: number;
  contentType: string;
  byteSize: number;
  /** Where the owner's browser fetches it. */
  url: string;
  createdAt: string;
}

export interface Deficiency {
  id: number;
  propertyId: number;
  property: { id: number; name: string };
  inspectionId: number;
  itemType: InspectionType;
  description: string;
  severity: DeficiencySeverity;
  location: string | null;
  correctiveAction: string | null;
  dueBy: string | null;
  correctedOn: string | null;
  correctedBy: string | null;
  correctionNote: string | null;
  /** The day the inspection that opened it was performed. */
  foundOn: string | null;
  photos: DeficiencyPhoto[];
  createdAt: string;
}

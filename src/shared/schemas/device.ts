import { z } from 'zod';
import { INSPECTION_TYPES } from '../enums';
import { DEVICE_STATUSES, LABEL_FORMATS, TAG_PATTERN } from '../devices';
import { isCalendarDate } from './calendar-date';
import { calendarDayField, countField, recordIdField, timestampField } from './response-fields';

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** "YYYY-MM" (month and year, as a label gives them), from 1950 to this year. */
export const monthField = z
  .union([z.literal(''), z.null(), z.string({ error: 'Enter the month of manufacture as YYYY-MM' }).trim()])
  .optional()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || (/^\d{4}-(0[1-9]|1[0-2])$/.test(v) && Number(v.slice(0, 4)) >= 1950 && Number(v.slice(0, 4)) <= new Date().getUTCFullYear() + 1), {
    message: 'Enter the month of manufacture as YYYY-MM, for example 2019-04',
  });

const optionalDay = (message: string) =>
  z
    .union([z.literal(''), z.null(), z.string({ error: message }).trim()])
    .optional()
    .transform((v) => (v ? v.slice(0, 10) : null))
    .refine((v) => v === null || isCalendarDate(v), { message });

export const tagField = z
  .union([z.literal(''), z.null(), z.string({ error: 'Tags are letters, digits and dashes' }).trim()])
  .optional()
  .transform((v) => (v ? v.toUpperCase() : null))
  .refine((v) => v === null || TAG_PATTERN.test(v), { message: 'Tags are 3 to 20 letters, digits and dashes, starting and ending with a letter or digit' });

export const deviceLocationSchema = z
  .object({
    building: optionalText(100, 'Building'),
    floor: optionalText(50, 'Floor'),
    room: optionalText(100, 'Room'),
    description: optionalText(200, 'Location description'),
  })
  .default({ building: null, floor: null, room: null, description: null });

/** The facts of a device a person types (create and update share them). */
const deviceFields = {
  subtype: optionalText(50, 'Subtype'),
  /** Answers to the item's other questions for this unit ({ recharge: ['rechargeable'] }). */
  answers: z.record(z.string(), z.array(z.string().max(50)).max(20)).optional(),
  rating: optionalText(50, 'Size or rating'),
  location: deviceLocationSchema,
  tag: tagField,
  serialNumber: optionalText(100, 'Serial number'),
  manufacturer: optionalText(100, 'Manufacturer'),
  model: optionalText(100, 'Model'),
  manufacturedOn: monthField,
  installedOn: optionalDay('Enter the installation date as a date'),
  notes: optionalText(2000, 'Notes'),
};

/** POST /api/properties/{id}/devices (a tag is made when none is given). */
export const createDeviceSchema = z.object({
  itemType: z.enum(INSPECTION_TYPES, { error: 'Choose the safety item' }),
  ...deviceFields,
});
export type CreateDeviceInput = z.input<typeof createDeviceSchema>;
export type CreateDeviceValues = z.output<typeof createDeviceSchema>;

/** POST /api/properties/{id}/devices/bulk: "8 dry chemical 5 lb extinguishers on floor 3", each with a made tag. */
export const bulkCreateDevicesSchema = z.object({
  count: z.coerce
    .number({ error: 'Enter how many' })
    .int('Enter a whole number')
    .min(1, 'Enter how many, at least 1')
    .max(500, 'Add at most 500 at once'),
  itemType: z.enum(INSPECTION_TYPES, { error: 'Choose the safety item' }),
  ...deviceFields,
  tag: z.undefined({ error: 'Tags are made for devices added several at once' }).optional(),
  serialNumber: z.undefined({ error: 'Serial numbers are given one device at a time' }).optional(),
});

/** PUT /api/devices/{id}: every field optional; status changes carry their reason. */
export const updateDeviceSchema = z
  .object({
    subtype: deviceFields.subtype,
    answers: deviceFields.answers,
    rating: deviceFields.rating,
    // Without the create form's default: a PUT that leaves out the location keeps it.
    location: deviceLocationSchema.unwrap().optional(),
    tag: deviceFields.tag,
    serialNumber: deviceFields.serialNumber,
    manufacturer: deviceFields.manufacturer,
    model: deviceFields.model,
    manufacturedOn: deviceFields.manufacturedOn,
    installedOn: deviceFields.installedOn,
    notes: deviceFields.notes,
    status: z.enum(DEVICE_STATUSES, { error: 'Choose in service, out of service, removed or replaced' }).optional(),
    statusReason: optionalText(500, 'Reason'),
    /** With status "replaced": the device (same property and item) that took its place. */
    replacedById: recordIdField.nullish(),
  })
  .partial()
  .superRefine((v, ctx) => {
    if (v.status === 'out_of_service' && !v.statusReason) ctx.addIssue({ code: 'custom', path: ['statusReason'], message: 'Say why it is out of service' });
    if (v.status === 'replaced' && !v.replacedById) ctx.addIssue({ code: 'custom', path: ['replacedById'], message: 'Choose the device that replaced it' });
  });
export type UpdateDeviceInput = z.input<typeof updateDeviceSchema>;

/** GET /api/properties/{id}/devices */
export const deviceListQuerySchema = z.object({
  itemType: z.enum(INSPECTION_TYPES, { error: 'Unknown safety item' }).optional(),
  status: z.enum(DEVICE_STATUSES, { error: 'Unknown status' }).optional(),
  q: z.string().trim().max(100).optional(),
});

/** One CSV row of the device import, as read by the client (headers matched as people write them). */
export const deviceImportRowSchema = z.object({
  itemType: z.string().max(100).optional(),
  subtype: z.string().max(100).optional(),
  rating: z.string().max(100).optional(),
  building: z.string().max(200).optional(),
  floor: z.string().max(200).optional(),
  room: z.string().max(200).optional(),
  description: z.string().max(400).optional(),
  tag: z.string().max(100).optional(),
  serialNumber: z.string().max(200).optional(),
  manufacturer: z.string().max(200).optional(),
  model: z.string().max(200).optional(),
  manufacturedOn: z.string().max(50).optional(),
  installedOn: z.string().max(50).optional(),
  notes: z.string().max(4000).optional(),
});
export type DeviceImportRow = z.infer<typeof deviceImportRowSchema>;

/** POST /api/properties/{id}/devices/import/preview and …/import (all or nothing). */
export const deviceImportSchema = z.object({
  rows: z.array(deviceImportRowSchema, { error: 'Send the rows of the file' }).min(1, 'The file has no rows').max(5000, 'Import at most 5,000 devices at once'),
});

export const deviceImportPreviewResponse = z.object({
  rows: z.array(
    z.object({
      line: z.number().int().min(1),
      status: z.enum(['ok', 'invalid', 'duplicate']),
      /** What is wrong, in words, field by field. */
      problems: z.array(z.string()),
      itemType: z.string().nullable(),
      tag: z.string().nullable(),
      location: z.string(),
    }),
  ),
  okCount: countField,
  invalidCount: countField,
  duplicateCount: countField,
});

/** POST /api/properties/{id}/labels: a PDF sheet of labels. */
export const labelSheetSchema = z.object({
  deviceIds: z.array(recordIdField, { error: 'Choose the devices' }).min(1, 'Choose at least one device').max(1000, 'Print at most 1,000 labels at once'),
  format: z.enum(LABEL_FORMATS, { error: 'Choose a label sheet' }),
  /** Labels already used on the first sheet, to start on the next free one. */
  skip: z.coerce.number().int().min(0).max(79).default(0),
});

export const deviceResponse = z.object({
  id: recordIdField,
  propertyId: recordIdField,
  propertyName: z.string(),
  itemType: z.enum(INSPECTION_TYPES),
  subtype: z.string().nullable(),
  answers: z.record(z.string(), z.array(z.string())),
  rating: z.string().nullable(),
  location: z.object({ building: z.string().nullable(), floor: z.string().nullable(), room: z.string().nullable(), description: z.string().nullable() }),
  tag: z.string(),
  serialNumber: z.string().nullable(),
  manufacturer: z.string().nullable(),
  model: z.string().nullable(),
  manufacturedOn: z.string().nullable().describe('YYYY-MM'),
  installedOn: calendarDayField.nullable(),
  status: z.enum(DEVICE_STATUSES),
  statusReason: z.string().nullable(),
  replacedById: recordIdField.nullable(),
  notes: z.string().nullable(),
  /** Roll-up of its requirements: worst of them (out of service counts as non-compliant). */
  compliance: z.enum(['compliant', 'due_soon', 'overdue', 'non_compliant', 'never_inspected', 'unknown']),
  nextDueDate: calendarDayField.nullable(),
  lastInspectedOn: calendarDayField.nullable(),
  openDeficiencies: countField,
  createdAt: timestampField,
  updatedAt: timestampField,
});
export type DeviceResponse = z.infer<typeof deviceResponse>;

export const deviceRequirementResponse = z.object({
  id: recordIdField,
  requirementId: recordIdField,
  activity: z.string(),
  intervalMonths: z.number().int().nullable(),
  intervalDays: z.number().int().nullable(),
  source: z.string().nullable(),
  countsFrom: z.enum(['last_done', 'installation', 'manufacture']),
  lastDoneOn: calendarDayField.nullable(),
  lastResult: z.enum(['compliant', 'non_compliant']).nullable(),
  /** Null when it counts from a manufacture or installation date the device lacks. */
  nextDueDate: calendarDayField.nullable(),
  dueUnknownReason: z.string().nullable(),
});
export type DeviceRequirementResponse = z.infer<typeof deviceRequirementResponse>;

/** GET /api/devices/{id}/history: newest first. */
export const deviceHistoryEntryResponse = z.object({
  kind: z.enum(['result', 'deficiency', 'status']),
  at: timestampField,
  /** The walk-through result, or null. */
  result: z.enum(['pass', 'fail', 'not_accessible']).nullable(),
  activity: z.string().nullable(),
  inspectionId: recordIdField.nullable(),
  deficiencyId: recordIdField.nullable(),
  summary: z.string(),
  by: z.string().nullable(),
  photos: z.array(z.object({ id: recordIdField, url: z.string() })),
});

/** GET /api/tags/{tag} (public): only what a paper tag shows. */
export const publicTagResponse = z.object({
  tag: z.string(),
  itemType: z.enum(INSPECTION_TYPES),
  /** "2026-03": the month and year of the last inspection and of the last maintenance. */
  lastInspectedMonth: z.string().nullable(),
  lastMaintainedMonth: z.string().nullable(),
  /** The organisation that recorded them. */
  organizationName: z.string(),
  nextDueMonth: z.string().nullable(),
  inService: z.boolean(),
});
export type PublicTagResponse = z.infer<typeof publicTagResponse>;

/** PUT /api/organizations/current/tag-pages: whether a label's QR code opens a public tag page. */
export const tagPagesSettingSchema = z.object({
  enabled: z.boolean({ error: 'Say whether public tag pages are on or off' }),
});
export type TagPagesSetting = z.infer<typeof tagPagesSettingSchema>;
export const tagPagesSettingResponse = tagPagesSettingSchema;

import { pgEnum } from 'drizzle-orm/pg-core';
import {
  COMPLIANCE_ITEM_STATUSES,
  COMPLIANCE_RESULTS,
  COUNTRIES,
  CSV_IMPORT_STATUSES,
  INSPECTION_STATUSES,
  INSPECTION_TYPES,
  PROPERTY_TYPES,
  REMINDER_FREQUENCIES,
  SUPPORT_PRIORITIES,
  SUPPORT_REQUEST_STATUSES,
  SUPPORT_REQUEST_TYPES,
} from '@shared/enums';
import { PLANS } from '@shared/plans';
import { ACTIVITY_BASES } from '@shared/activity-basis';

export const propertyType = pgEnum('property_type', PROPERTY_TYPES);
export const inspectionType = pgEnum('inspection_type', INSPECTION_TYPES);
export const inspectionStatus = pgEnum('inspection_status', INSPECTION_STATUSES);
export const complianceResult = pgEnum('compliance_result', COMPLIANCE_RESULTS);
export const activityBasis = pgEnum('activity_basis', ACTIVITY_BASES);
export const complianceItemStatus = pgEnum('compliance_item_status', COMPLIANCE_ITEM_STATUSES);
export const country = pgEnum('country', COUNTRIES);
export const reminderFrequency = pgEnum('reminder_frequency', REMINDER_FREQUENCIES);
export const supportRequestStatus = pgEnum('support_request_status', SUPPORT_REQUEST_STATUSES);
export const supportRequestType = pgEnum('support_request_type', SUPPORT_REQUEST_TYPES);
export const supportPriority = pgEnum('support_priority', SUPPORT_PRIORITIES);
export const csvImportStatus = pgEnum('csv_import_status', CSV_IMPORT_STATUSES);
export const plan = pgEnum('plan', PLANS);
/**
 * `held`: for an account whose address is not confirmed yet; no delivery job until it is.
 * `suppressed`: written as a record but never delivered (over a limit, or the recipient unsubscribed).
 */
export const emailStatus = pgEnum('email_status', ['pending', 'sent', 'logged', 'failed', 'held', 'suppressed']);
export const mailConsentStatus = pgEnum('mail_consent_status', ['invited', 'confirmed', 'unsubscribed']);

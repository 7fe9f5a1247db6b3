import { z } from 'zod';
import { PLANS } from '../plans';

/** POST /api/subscription/trial takes no choices: an empty JSON object. */
export const startTrialSchema = z.object({}, { error: 'Send an empty JSON object' });

/** GET /api/subscription/status (SPEC 3, "Other shapes"). */
export const subscriptionStatusResponse = z.object({
  hasActiveSubscription: z.boolean(),
  plan: z.enum(PLANS),
  propertyCount: z.number().int().min(0),
  propertyLimit: z.number().int().describe('-1 means unlimited'),
  canCreateProperty: z.boolean(),
  scheduledInspectionCount: z.number().int().min(0),
  inspectionLimit: z.number().int().describe('-1 means unlimited'),
  canScheduleInspection: z.boolean(),
  proUntil: z.string().nullable().describe("When Pro ends (a trial's last moment), ISO 8601; null when Free or when Pro has no end"),
  onTrial: z.boolean().describe('Pro because of the 30-day trial'),
  trialAvailable: z.boolean().describe('The account has never had its trial and is not Pro now'),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusResponse>;

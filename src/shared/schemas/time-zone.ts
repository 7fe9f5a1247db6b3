import { z } from 'zod';
import { canonicalTimeZone, isValidTimeZone } from '../dates';

/** An IANA time zone, as the profile and the organisation take it. */
export const timeZone = z
  .string()
  .trim()
  .min(1, 'Time zone is required')
  .max(64, 'Time zone is too long')
  .refine(isValidTimeZone, 'Unknown time zone')
  // Stored canonical, the form PostgreSQL's time zone database knows too.
  .transform((zone) => canonicalTimeZone(zone) ?? zone);

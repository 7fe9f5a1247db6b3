import { z } from 'zod';
import { canonicalTimeZone, isValidTimeZone } from '../dates';

/** An IANA time zone, as the profile and the organisation take it. */
export const timeZone = z
  .string()
  .trim()
  // A missing or overlong zone is that alone, not also "Unknown time zone": one message a field.
  .min(1, { message: 'Time zone is required', abort: true })
  .max(64, { message: 'Time zone is too long', abort: true })
  .refine(isValidTimeZone, 'Unknown time zone')
  // Stored canonical, the form PostgreSQL's time zone database knows too.
  .transform((zone) => canonicalTimeZone(zone) ?? zone);

import { z } from 'zod';

/** POST /api/subscription/trial takes no choices: an empty JSON object. */
export const startTrialSchema = z.object({}, { error: 'Send an empty JSON object' });

import { z } from 'zod';

/**
 * The building blocks of the API's answers (the `*Response` schemas): they type the client
 * and describe each answer in the OpenAPI document (/api/openapi.json).
 */
export const recordIdField = z.number().int().min(1);
export const countField = z.number().int().min(0);
export const timestampField = z.string().describe('Date and time, ISO 8601');
export const calendarDayField = z.string().describe('Calendar date, YYYY-MM-DD');
/** A record named in another's answer: its id and name. */
export const namedRef = z.object({ id: recordIdField, name: z.string() });

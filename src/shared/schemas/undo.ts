import { z } from 'zod';
import { UNDO_KINDS } from '../undo';

export const undoParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Not an undo token'),
});

export const undoResultResponse = z.object({
  kind: z.enum(UNDO_KINDS).describe('What was undone'),
  propertyId: z.number().int().min(1),
});
export type UndoResult = z.infer<typeof undoResultResponse>;

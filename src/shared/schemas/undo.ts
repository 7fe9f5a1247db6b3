import { z } from 'zod';

/** How long a toast offers to undo a change. */
export const UNDO_SECONDS = 10;

/** The header an undoable change answers with: the token POST /api/undo/{token} takes. */
export const UNDO_TOKEN_HEADER = 'X-Undo-Token';

export const UNDO_KINDS = ['complete_inspection', 'reschedule_inspection', 'edit_inspection', 'delete_inspection', 'delete_property'] as const;
export type UndoKind = (typeof UNDO_KINDS)[number];

export const undoParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Not an undo token'),
});

export const undoResultResponse = z.object({
  kind: z.enum(UNDO_KINDS).describe('What was undone'),
  propertyId: z.number().int().min(1),
});
export type UndoResult = z.infer<typeof undoResultResponse>;

/** How long a toast offers to undo a change. */
export const UNDO_SECONDS = 10;

/** The header an undoable change answers with: the token POST /api/undo/{token} takes. */
export const UNDO_TOKEN_HEADER = 'X-Undo-Token';

export const UNDO_KINDS = ['complete_inspection', 'reschedule_inspection', 'edit_inspection', 'delete_inspection', 'delete_property', 'correct_deficiency'] as const;
export type UndoKind = (typeof UNDO_KINDS)[number];

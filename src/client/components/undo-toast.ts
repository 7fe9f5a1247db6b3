import type { QueryClient } from '@tanstack/react-query';
import { UNDO_SECONDS } from '@shared/undo';
import type { UndoResult } from '@shared/schemas/undo';
import { api, serverMessage } from '@/lib/api';
import { toast, type ToastOptions } from '@/components/ui/use-toast';

/**
 * The toast after a change the server can take back (docs/decisions/016-undo-by-snapshot.md):
 * it stays for UNDO_SECONDS with an Undo button. Undoing puts every screen back by
 * refetching, since the server restored more than the one row the screen shows.
 */
export function toastWithUndo(
  queryClient: QueryClient,
  options: Pick<ToastOptions, 'title' | 'description'> & { undoToken: string | null; undoneText: string; onUndone?: (result: UndoResult) => void },
) {
  const { undoToken, undoneText, onUndone, ...shown } = options;
  if (!undoToken) return toast(shown);
  return toast({
    ...shown,
    duration: UNDO_SECONDS * 1000,
    action: {
      label: 'Undo',
      altText: 'Undo is also possible by making the change back by hand.',
      onClick: () => {
        api
          .post<UndoResult>(`/api/undo/${undoToken}`)
          .then(async (result) => {
            await queryClient.invalidateQueries();
            toast({ title: 'Undone', description: undoneText });
            onUndone?.(result);
          })
          .catch((error: unknown) => {
            toast({ variant: 'destructive', title: 'Could not undo', description: serverMessage(error, 'Could not undo. Please try again.') });
          });
      },
    },
  });
}

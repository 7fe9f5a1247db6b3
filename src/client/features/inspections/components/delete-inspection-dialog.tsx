import type { Inspection } from '@shared/schemas/inspection';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { useDeleteInspection } from '../api/use-delete-inspection';
import { describeInspection } from './inspection-text';

interface DeleteInspectionDialogProps {
  inspection: Inspection;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called at once on confirming: the deletion shows optimistically and comes back on failure. */
  onDeleted?: () => void;
}

export function DeleteInspectionDialog({ inspection, open, onOpenChange, onDeleted }: DeleteInspectionDialogProps) {
  const remove = useDeleteInspection();
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Inspection</AlertDialogTitle>
          <AlertDialogDescription>
            Delete the inspection {describeInspection(inspection)}? This cannot be undone, and the property&apos;s
            compliance is recalculated without it.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            onClick={() => {
              remove.mutate(inspection.id);
              onDeleted?.();
            }}
          >
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

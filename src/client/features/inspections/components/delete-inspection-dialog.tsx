import type { Inspection } from '@shared/schemas/inspection';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
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
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Inspection"
      description={`Delete the inspection ${describeInspection(inspection)}? This cannot be undone, and the property's compliance is recalculated without it.`}
      confirmLabel="Delete"
      onConfirm={() => {
        remove.mutate(inspection.id);
        onDeleted?.();
      }}
    />
  );
}

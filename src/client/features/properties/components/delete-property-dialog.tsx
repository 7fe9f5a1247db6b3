import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

interface DeletePropertyDialogProps {
  propertyName: string;
  onConfirm: () => void;
}

/** Asks before deleting, and says what goes with the property. */
export function DeletePropertyDialog({ propertyName, onConfirm }: DeletePropertyDialogProps) {
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" className="border-red-200 text-red-800 hover:bg-red-50">
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      }
      title="Delete this property?"
      description={`${propertyName} will be deleted together with all of its inspections, compliance items and reports. This cannot be undone.`}
      confirmLabel="Delete Property"
      onConfirm={onConfirm}
    />
  );
}

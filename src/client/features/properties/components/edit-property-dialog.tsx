import { useState } from 'react';
import { defaultCodeSet, type CodeSet } from '@shared/code-sets';
import type { Property } from '@shared/schemas/property';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useUpdateProperty } from '../api/use-update-property';
import { PROPERTY_FORM_FIELDS, PropertyForm } from './property-form';

interface EditPropertyDialogProps {
  property: Property;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Called after a save that moved the property to a place whose code set is another (a
   * country, or in Canada Ontario or not): the set stays as it is until someone changes it.
   */
  onPlaceChanged?: (suggested: CodeSet) => void;
}

export function EditPropertyDialog({ property, open, onOpenChange, onPlaceChanged }: EditPropertyDialogProps) {
  const update = useUpdateProperty();
  const [dirty, setDirty] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => (update.isPending ? undefined : onOpenChange(next))}>
      <DialogContent className="max-w-2xl" dirty={open && dirty}>
        <DialogHeader>
          <DialogTitle>Edit Property</DialogTitle>
          <DialogDescription>Change the details of {property.name}.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so each opening starts from the saved values. */}
        {open ? (
          <PropertyForm
            defaultValues={{
              name: property.name,
              propertyType: property.propertyType,
              addressLine1: property.addressLine1,
              addressLine2: property.addressLine2 ?? '',
              city: property.city,
              state: property.state,
              zip: property.zip,
              country: property.country,
              managerEmail: property.managerEmail,
            }}
            submitLabel="Save Changes"
            pendingLabel="Saving..."
            isPending={update.isPending}
            onCancel={() => onOpenChange(false)}
            onDirtyChange={setDirty}
            onSubmit={(values, setError) =>
              update.mutate(
                { id: property.id, values },
                {
                  onSuccess: () => {
                    onOpenChange(false);
                    // Never changed silently: the page offers the set the new place suggests.
                    const suggested = defaultCodeSet(values);
                    if (suggested !== defaultCodeSet(property) && suggested !== property.codeSet) onPlaceChanged?.(suggested);
                  },
                  onError: (error) => applyServerFieldErrors(error, setError, PROPERTY_FORM_FIELDS),
                },
              )
            }
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { inspectionEditSchema, type Inspection, type InspectionEdit, type InspectionEditValues } from '@shared/schemas/inspection';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { isApiError } from '@/lib/api';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useUpdateInspection } from '../api/use-update-inspection';
import { describeInspection, inspectionTypeLabel, propertyNameOf } from './inspection-text';
import { InspectionTypeOptions } from './inspection-type-options';
import { ActivityField, activityIds, activityProblem, useActivityOptions, type ActivityChoice } from '@/features/requirements/components/activity-field';

interface EditInspectionDialogProps {
  inspection: Inspection;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const FIELDS = ['inspectionType', 'dueDate', 'assignedTo', 'notes', 'status'] as const;

/** The states an inspection can be moved between by hand; completing has its own actions. */
const EDITABLE_STATUSES = [
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'in_progress', label: 'In Progress' },
  { value: 'cancelled', label: 'Cancelled' },
] as const;

const valuesOf = (inspection: Inspection) => ({
  inspectionType: inspection.inspectionType,
  dueDate: inspection.dueDate,
  assignedTo: inspection.assignedTo,
  notes: inspection.notes ?? '',
  status: inspection.status === 'completed' ? undefined : inspection.status,
});

/**
 * Edit Inspection: type, due date, assignee, notes, and the open states. A completed
 * inspection keeps its type, date and status (the server says the same); its assignee and
 * notes can still be corrected.
 */
export function EditInspectionDialog({ inspection, open, onOpenChange }: EditInspectionDialogProps) {
  const update = useUpdateInspection();
  const completed = inspection.status === 'completed';
  const form = useForm<InspectionEdit, unknown, InspectionEditValues>({
    resolver: zodResolver(inspectionEditSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: valuesOf(inspection),
  });
  const { errors } = form.formState;
  // Issue 37: the activity is asked with no default when the type has several; one already
  // stated is shown chosen. A completed inspection asks only while its activity is not stated
  // or assumed: naming it moves the completion to that requirement.
  const statedChoice = (): ActivityChoice =>
    inspection.activityBasis === 'stated' && inspection.requirement ? `requirement:${inspection.requirement.id}` : '';
  const [activity, setActivity] = useState<ActivityChoice>(statedChoice);
  const [activityError, setActivityError] = useState<string | undefined>(undefined);
  const chosenType = form.watch('inspectionType') ?? inspection.inspectionType;
  // Read only while open: a page holds this dialog closed.
  const activities = useActivityOptions(open ? inspection.propertyId : undefined, open ? chosenType : '');
  const asksActivity = !completed || inspection.activityBasis !== 'stated';
  const checkActivity = () => {
    const problem = asksActivity ? activityProblem(activities.options, activity) : undefined;
    setActivityError(problem);
    return problem === undefined;
  };

  useEffect(() => {
    if (open) {
      form.reset(valuesOf(inspection));
      setActivity(statedChoice());
      setActivityError(undefined);
    }
    // Only on opening: a refetch while editing must not wipe what is being typed.
  }, [open]);

  const onSubmit = form.handleSubmit((values) => {
    if (!checkActivity()) return;
    // A requirement the property has, or a library entry of a safety item it does not have yet.
    const named = asksActivity ? activityIds(activity) : {};
    const body: InspectionEdit = completed
      ? { assignedTo: values.assignedTo, notes: values.notes, ...named }
      : { inspectionType: values.inspectionType, dueDate: values.dueDate, assignedTo: values.assignedTo, notes: values.notes, status: values.status, ...named };
    update.mutate(
      { id: inspection.id, values: body, updatedAt: inspection.updatedAt, propertyId: inspection.propertyId, label: describeInspection(inspection) },
      {
        onSuccess: () => onOpenChange(false),
        onError: (error) => {
          applyServerFieldErrors(error, form.setError, FIELDS);
          const message = isApiError(error) ? error.fieldErrors.requirementId?.[0] : undefined;
          if (message) setActivityError(message);
        },
      },
    );
  }, checkActivity);

  return (
    <Dialog open={open} onOpenChange={(next) => !update.isPending && onOpenChange(next)}>
      <DialogContent dirty={form.formState.isDirty}>
        <DialogHeader>
          <DialogTitle>Edit Inspection</DialogTitle>
          <DialogDescription>
            {inspectionTypeLabel(inspection.inspectionType)} at {propertyNameOf(inspection)}.
            {completed ? ' A completed inspection keeps its type and dates; its assignee and notes can change.' : ''}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label="Inspection type" error={errors.inspectionType?.message}>
              {(control) => (
                <Select {...control} disabled={completed} {...form.register('inspectionType')}>
                  <InspectionTypeOptions />
                </Select>
              )}
            </FormField>
            <FormField label="Due date" error={errors.dueDate?.message}>
              {(control) => <Input {...control} type="date" disabled={completed} {...form.register('dueDate')} />}
            </FormField>
            {asksActivity ? (
              <ActivityField
                options={activities.options}
                loading={activities.loading}
                itemType={chosenType}
                value={activity}
                onChange={(choice) => {
                  setActivity(choice);
                  setActivityError(undefined);
                }}
                error={activityError}
              />
            ) : null}
            <FormField label="Assigned to" error={errors.assignedTo?.message}>
              {(control) => <Input {...control} maxLength={200} autoComplete="off" {...form.register('assignedTo')} />}
            </FormField>
            {completed ? null : (
              <FormField label="Status" error={errors.status?.message}>
                {(control) => (
                  <Select {...control} {...form.register('status')}>
                    {EDITABLE_STATUSES.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
            )}
          </div>
          <FormField label="Notes" error={errors.notes?.message} hint="Instructions for whoever performs it (optional); findings are recorded when it is completed.">
            {(control) => <Textarea {...control} rows={4} maxLength={5000} {...form.register('notes')} />}
          </FormField>
          <FormDialogFooter pending={update.isPending}>
            Save Changes
          </FormDialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

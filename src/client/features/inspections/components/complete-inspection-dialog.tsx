import { useEffect, useId, useState } from 'react';
import { Controller, useFieldArray, useForm, type UseFormRegister } from 'react-hook-form';
import { sameName, type AttestationRole } from '@shared/records';
import { zodResolver } from '@hookform/resolvers/zod';
import { completeDialogSchema, type Inspection } from '@shared/schemas/inspection';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Textarea } from '@/components/ui/textarea';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api';
import { useInspectors } from '@/features/records/api/record-queries';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { resizedPhotos } from '../api/record-found-deficiencies';
import { DeficiencyFields, toDeficiencyInputs, type DeficiencyDraft } from '@/features/records/components/deficiency-fields';
import { InspectorPicker } from '@/features/records/components/inspector-picker';
import { useCompleteInspection } from '../api/use-complete-inspection';
import { useRecordResult } from '../api/use-record-result';
import { useToday } from '../api/use-today';
import { describeInspection } from './inspection-text';
import { AttestationFields, type AttestationValues } from './attestation-fields';
import { ActivityField, activityIds, activityProblem, useActivityOptions, type ActivityChoice } from '@/features/requirements/components/activity-field';

interface CompleteInspectionDialogProps {
  /** Kept while the dialog closes, so its text does not vanish mid-animation. */
  inspection: Inspection | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'record' gives an inspection completed without a result its result ("Record result"). */
  mode?: 'complete' | 'record';
}

const RECORD_DEFAULTS = { inspectorId: '', attestRole: '' as AttestationRole | '', attestName: '', deficiencies: [] as DeficiencyDraft[] };

const RESULTS = [
  { value: 'compliant', label: 'Compliant' },
  { value: 'non_compliant', label: 'Non-compliant' },
] as const;

/**
 * SPEC 2 and 5, "Complete Inspection": a compliance status and notes, the notes required for a
 * non-compliant result, and the day it was performed (today by default, never later), from
 * which the next due date counts. The result travels with the completion (DECISIONS). In
 * 'record' mode it records the result of an inspection completed without one.
 */
export function CompleteInspectionDialog({ inspection, open, onOpenChange, mode = 'complete' }: CompleteInspectionDialogProps) {
  const id = useId();
  const today = useToday();
  const complete = useCompleteInspection();
  const record = useRecordResult();
  const recording = mode === 'record';
  const [uploading, setUploading] = useState(false);
  const saving = complete.isPending || record.isPending || uploading;
  const form = useForm({
    resolver: zodResolver(completeDialogSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { complianceStatus: undefined, notes: '', performedOn: today, ...RECORD_DEFAULTS },
  });
  const [photos, setPhotos] = useState<Record<string, File[]>>({});
  const { errors } = form.formState;
  // Issue 37: an inspection whose activity was not stated (or was assumed) asks which check it
  // was, with no default, when its type has several; a stated one keeps its own.
  const activities = useActivityOptions(open ? inspection?.propertyId : undefined, (open && inspection?.inspectionType) || '');
  const asksActivity = Boolean(inspection && inspection.activityBasis !== 'stated' && activities.options.length > 1);
  const [activity, setActivity] = useState<ActivityChoice>('');
  const [activityError, setActivityError] = useState<string | undefined>(undefined);
  const checkActivity = () => {
    const problem = asksActivity ? activityProblem(activities.options, activity) : undefined;
    setActivityError(problem);
    return problem === undefined;
  };
  const chosenRequirement = asksActivity ? activityIds(activity).requirementId : undefined;

  useEffect(() => {
    if (open) {
      form.reset({
        complianceStatus: undefined,
        notes: recording ? (inspection?.completionNotes ?? '') : '',
        performedOn: today,
        ...RECORD_DEFAULTS,
        inspectorId: inspection?.inspector?.id ? String(inspection.inspector.id) : '',
      });
      setPhotos({});
      setActivity('');
      setActivityError(undefined);
    }
  }, [open, inspection?.id, form]);

  const deficiencyFields = useFieldArray({ control: form.control, name: 'deficiencies' });
  const result = form.watch('complianceStatus');
  const notes = form.watch('notes');
  const nonCompliant = result === 'non_compliant';
  const notesMissing = nonCompliant && notes.trim() === '';
  // The recorder's statement names who performed it: the inspector chosen, else the assignee.
  const { data: inspectors = [] } = useInspectors();
  const inspectorId = form.watch('inspectorId');
  const attestRole = form.watch('attestRole');
  const chosenInspector = inspectors.find((i) => String(i.id) === inspectorId);
  const performer = chosenInspector?.name ?? inspection?.assignedTo ?? '';

  const onSubmit = form.handleSubmit(async (values) => {
    if (!inspection) return;
    if (!checkActivity()) return;
    if (recording) {
      record.mutate(
        { id: inspection.id, complianceResult: values.complianceStatus, notes: values.notes, requirementId: chosenRequirement },
        { onSuccess: () => onOpenChange(false) },
      );
      return;
    }
    if (values.performedOn > today) {
      form.setError('performedOn', { type: 'validate', message: 'The day it was performed cannot be in the future' });
      return;
    }
    if (values.attestRole === 'performer' && chosenInspector && !sameName(values.attestName, chosenInspector.name)) {
      form.setError('attestName', {
        type: 'validate',
        message: `${chosenInspector.name} is recorded as performing this inspection. Sign as ${chosenInspector.name}, or choose "I am recording the result".`,
      });
      return;
    }
    const nonCompliantResult = values.complianceStatus === 'non_compliant';
    const entries = nonCompliantResult ? toDeficiencyInputs(values.deficiencies) : [];
    // Photos follow the entries they were chosen for. With any photo, each entry is recorded
    // after the completion as its own change, so its photos can refer to it even without a signal.
    const chosen = entries.map((input, index) => ({ input, files: photos[deficiencyFields.fields[index]?.id ?? ''] ?? [] }));
    const separate = chosen.some((entry) => entry.files.length > 0);
    // Resized first (a moment), so the completion and everything found with it are kept together.
    setUploading(separate);
    const found = separate ? await Promise.all(chosen.map(async ({ input, files }) => ({ input, photos: await resizedPhotos(files) }))) : undefined;
    setUploading(false);
    const changeId = newIdempotencyKey();
    const where = { propertyId: inspection.propertyId, label: describeInspection(inspection) };
    complete.mutate(
      {
        id: inspection.id,
        complianceStatus: values.complianceStatus,
        notes: values.notes,
        performedOn: values.performedOn,
        inspectorId: values.inspectorId ? Number(values.inspectorId) : undefined,
        attestation: values.attestRole ? { accepted: true, role: values.attestRole, typedName: values.attestName.trim() } : undefined,
        deficiencies: nonCompliantResult && !separate ? entries : undefined,
        requirementId: chosenRequirement,
        changeId,
        ifMatch: inspection.updatedAt,
        found,
        ...where,
      },
      {
        onSuccess: () => onOpenChange(false),
        onError: (error) => {
          const message = isApiError(error) ? error.fieldErrors.completedDate?.[0] : undefined;
          if (message) form.setError('performedOn', { type: 'server', message });
          const signer = isApiError(error) ? error.fieldErrors['attestation.typedName']?.[0] : undefined;
          if (signer) form.setError('attestName', { type: 'server', message: signer });
          const activityMessage = isApiError(error) ? error.fieldErrors.requirementId?.[0] : undefined;
          if (activityMessage) setActivityError(activityMessage);
        },
      },
    );
  }, checkActivity);

  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent dirty={form.formState.isDirty}>
        <DialogHeader>
          <DialogTitle>{recording ? 'Record Result' : 'Complete Inspection'}</DialogTitle>
          <DialogDescription>
            {inspection ? `${describeInspection(inspection)}. ` : ''}
            The result sets the compliance of this item and the property&apos;s status
            {recording ? '.' : '; the next inspection is due one interval after the day it was performed.'}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          {asksActivity && inspection ? (
            <ActivityField
              className=""
              options={activities.options}
              itemType={inspection.inspectionType}
              value={activity}
              onChange={(choice) => {
                setActivity(choice);
                setActivityError(undefined);
              }}
              error={activityError}
            />
          ) : null}
          <div className="space-y-2">
            <span id={`${id}-result`} className="text-sm font-medium leading-none">
              Compliance status
            </span>
            <Controller
              control={form.control}
              name="complianceStatus"
              render={({ field }) => (
                <RadioGroup
                  ref={field.ref}
                  value={field.value ?? ''}
                  onValueChange={field.onChange}
                  aria-labelledby={`${id}-result`}
                  aria-describedby={errors.complianceStatus ? `${id}-result-error` : undefined}
                  aria-required="true"
                  className="grid-cols-1 gap-2 sm:grid-cols-2"
                >
                  {RESULTS.map((option) => (
                    <Label
                      key={option.value}
                      htmlFor={`${id}-${option.value}`}
                      className="flex cursor-pointer items-center gap-3 rounded-md border p-3 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent"
                    >
                      <RadioGroupItem id={`${id}-${option.value}`} value={option.value} />
                      {option.label}
                    </Label>
                  ))}
                </RadioGroup>
              )}
            />
            {errors.complianceStatus ? (
              <p id={`${id}-result-error`} className="text-sm font-medium text-destructive">
                {errors.complianceStatus.message}
              </p>
            ) : null}
          </div>

          {recording ? null : (
            <FormField label="Performed on" error={errors.performedOn?.message} hint="The day the inspection was done; today if it was done today.">
              {(control) => <Input {...control} type="date" max={today} aria-required="true" {...form.register('performedOn')} />}
            </FormField>
          )}

          {inspection?.notes && !recording ? (
            <div className="space-y-1 rounded-md bg-muted p-3 text-sm">
              <p className="font-medium">Instructions</p>
              <p className="whitespace-pre-wrap break-words text-muted-foreground">{inspection.notes}</p>
            </div>
          ) : null}

          <FormField
            label="Findings"
            error={errors.notes?.message}
            hint={nonCompliant ? 'Required for non-compliance' : 'Optional for a compliant result.'}
          >
            {(control) => (
              <Textarea
                {...control}
                rows={4}
                maxLength={5000}
                aria-required={nonCompliant ? 'true' : undefined}
                placeholder={nonCompliant ? 'What failed, and what needs to be done?' : 'Anything worth recording'}
                {...form.register('notes')}
              />
            )}
          </FormField>

          {recording ? null : (
            <>
              <FormField label="Performed by" hint="Choose from your inspectors (Settings), or leave it for someone else.">
                {(control) => (
                  <Controller
                    control={form.control}
                    name="inspectorId"
                    render={({ field }) => <InspectorPicker control={control} value={field.value} onChange={(value) => field.onChange(value)} />}
                  />
                )}
              </FormField>

              {nonCompliant ? (
                <DeficiencyFields
                  fields={deficiencyFields.fields}
                  append={deficiencyFields.append}
                  remove={deficiencyFields.remove}
                  register={form.register as unknown as UseFormRegister<{ deficiencies: DeficiencyDraft[] }>}
                  errors={errors.deficiencies}
                  photos={photos}
                  onPhotos={(key, files) => setPhotos((current) => ({ ...current, [key]: files }))}
                />
              ) : null}

              <AttestationFields
                register={form.register as unknown as UseFormRegister<AttestationValues>}
                performer={performer}
                role={attestRole}
                onClear={() => form.setValue('attestRole', '', { shouldDirty: true })}
                roleError={errors.attestRole?.message}
                nameError={errors.attestName?.message}
              />
            </>
          )}

          <FormDialogFooter pending={saving} disabled={notesMissing ? 'Write the findings: they are required for a non-compliant result.' : false}>
            {recording ? 'Record Result' : 'Complete Inspection'}
          </FormDialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import type { InspectionType } from '@shared/enums';
import { inspectionSchema } from '@shared/schemas/inspection';
import { isApiError, serverMessage } from '@/lib/api';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useLeaveGuard } from '@/components/leave-guard';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { InspectorPicker } from '@/features/records/components/inspector-picker';
import { ActivityField, activityIds, activityProblem, useActivityOptions, type ActivityChoice } from '@/features/requirements/components/activity-field';
import { FirstOfTypeLastDone, useFirstOfType } from '@/features/requirements/components/first-of-type-last-done';
import { lastDoneRowsSchema, rowOfServerField, toLastDoneAnswers } from '@/features/requirements/components/last-done-form';
import type { useCreateInspection } from '../api/use-create-inspection';
import { PROPERTY_OPTION_LIMIT, type PropertyOption } from '@/features/properties/api/use-property-options';
import { useToday } from '../api/use-today';
import { InspectionTypeOptions } from './inspection-type-options';

const FIELDS = ['propertyId', 'inspectionType', 'dueDate', 'assignedTo', 'notes'] as const;
const SEARCH_DELAY_MS = 300;

/** What a link may pre-fill besides the property: a due requirement's type, id and due date. */
export interface SchedulePrefill {
  inspectionType: InspectionType | undefined;
  requirementId: number | undefined;
  dueDate: string | undefined;
}

interface ScheduleFormProps {
  lockedProperty: PropertyOption | undefined;
  options: PropertyOption[];
  optionsTotal: number;
  optionsLoading: boolean;
  onSearch: (term: string) => void;
  prefill: SchedulePrefill;
  create: ReturnType<typeof useCreateInspection>;
  onDone: () => void;
}

/** The schedule form: property (locked, a select, or a search past the select's limit), type, date, activity, inspector. */
export function ScheduleForm({ lockedProperty, options, optionsTotal, optionsLoading, onSearch, prefill, create, onDone }: ScheduleFormProps) {
  const id = useId();
  const today = useToday();
  const [formError, setFormError] = useState<string | null>(null);
  // Past the select's limit, a search narrows the names (the server searches them).
  const [searchShown] = useState(() => optionsTotal > PROPERTY_OPTION_LIMIT);
  const [term, setTerm] = useState('');
  const [chosen, setChosen] = useState<PropertyOption | undefined>(undefined);
  const [activity, setActivity] = useState<ActivityChoice>(prefill.requirementId ? `requirement:${prefill.requirementId}` : '');
  const [activityError, setActivityError] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (!searchShown) return;
    const timer = setTimeout(() => onSearch(term.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [term, searchShown]);

  // The form's own answers of when the other checks were last done, for a type it adds.
  const schema = useMemo(() => inspectionSchema.extend({ rows: lastDoneRowsSchema(today) }), [today]);
  const form = useForm({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      propertyId: lockedProperty ? String(lockedProperty.id) : '',
      inspectionType: prefill.inspectionType ?? ('' as never),
      dueDate: prefill.dueDate ?? today,
      assignedTo: '',
      notes: '',
      inspectorId: '',
      rows: [],
    },
  });
  const rows = useFieldArray({ control: form.control, name: 'rows', keyName: 'key' });
  const { errors, isDirty } = form.formState;
  const { guard, release } = useLeaveGuard(isDirty);
  const chosenPropertyId = Number(form.watch('propertyId')) || undefined;
  const chosenType = (form.watch('inspectionType') ?? '') as InspectionType | '';
  const activities = useActivityOptions(chosenPropertyId, chosenType);
  const firstOfType = useFirstOfType({
    propertyId: chosenPropertyId,
    itemType: chosenType,
    activity,
    getRows: () => form.getValues('rows'),
    replaceRows: rows.replace,
  });

  // The chosen property stays in the select while a search shows other names.
  const shown = useMemo(
    () => (chosen && !options.some((o) => o.id === chosen.id) ? [chosen, ...options] : options),
    [chosen, options],
  );

  const propertyName = (propertyId: number | undefined) => lockedProperty?.name ?? shown.find((o) => o.id === propertyId)?.name;

  // A type with several activities has no default: the form asks which one, beside the other fields' messages.
  const checkActivity = () => {
    const problem = activityProblem(activities.options, activity);
    setActivityError(problem);
    return problem === undefined;
  };
  const onSubmit = form.handleSubmit(({ rows: answered, ...values }) => {
    setFormError(null);
    if (!checkActivity()) return;
    // Asked only while the type is new to the property; otherwise the call goes as SPEC's.
    const lastDone = answered.length > 0 ? toLastDoneAnswers(answered) : undefined;
    create.mutate(
      { values: { ...values, ...activityIds(activity), lastDone }, propertyName: propertyName(values.propertyId) ?? 'Unknown Property' },
      {
        onSuccess: () => {
          release();
          onDone();
        },
        onError: (error) => {
          const onFields = applyServerFieldErrors(error, form.setError, FIELDS);
          const activityMessage = isApiError(error) ? (error.fieldErrors.requirementId ?? error.fieldErrors.libraryId)?.[0] : undefined;
          if (activityMessage) setActivityError(activityMessage);
          // A row's day is named by its place in the list sent, which is the rows' order.
          let onRows = false;
          for (const [field, messages] of Object.entries(isApiError(error) ? error.fieldErrors : {})) {
            const row = rowOfServerField(field, 'lastDone.');
            if (row === undefined || !messages[0]) continue;
            form.setError(`rows.${row}.lastDoneOn`, { type: 'server', message: messages[0] });
            onRows = true;
          }
          if (!onFields && !activityMessage && !onRows) setFormError(serverMessage(error, 'Failed to schedule inspection.'));
        },
      },
    );
  }, checkActivity);

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      {guard}
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="space-y-3 sm:col-span-2">
          {searchShown && !lockedProperty ? (
            <div className="space-y-2">
              <label htmlFor={`${id}-find`} className="text-sm font-medium leading-none">
                Find a property
              </label>
              <Input
                id={`${id}-find`}
                type="search"
                value={term}
                onChange={(event) => setTerm(event.target.value)}
                placeholder="Type part of a name"
                autoComplete="off"
                aria-describedby={`${id}-find-hint`}
              />
              <p id={`${id}-find-hint`} className="flex items-center gap-2 text-sm text-muted-foreground">
                {optionsLoading ? <Spinner /> : null}
                You have many properties; the list below shows up to {PROPERTY_OPTION_LIMIT} names that match.
              </p>
            </div>
          ) : null}
          <FormField
            label="Property"
            error={errors.propertyId?.message}
            hint={
              lockedProperty ? (
                <>
                  Scheduling for this property.{' '}
                  <Link to="/inspections/new" className="font-medium text-primary underline-offset-4 hover:underline">
                    Choose another property
                  </Link>
                </>
              ) : undefined
            }
          >
            {(control) =>
              lockedProperty ? (
                <Select {...control} disabled value={String(lockedProperty.id)}>
                  <option value={lockedProperty.id}>{lockedProperty.name}</option>
                </Select>
              ) : (
                <Controller
                  control={form.control}
                  name="propertyId"
                  render={({ field }) => (
                    <Select
                      {...control}
                      ref={field.ref}
                      name={field.name}
                      value={String(field.value ?? '')}
                      onBlur={field.onBlur}
                      onChange={(event) => {
                        field.onChange(event.target.value);
                        const option = shown.find((o) => String(o.id) === event.target.value);
                        if (option) setChosen(option);
                      }}
                    >
                      <option value="">Select a property</option>
                      {shown.map((option) => (
                        <option key={option.id} value={option.id}>
                          {option.name}
                        </option>
                      ))}
                    </Select>
                  )}
                />
              )
            }
          </FormField>
        </div>
        <FormField label="Inspection type" error={errors.inspectionType?.message}>
          {(control) => (
            <Select {...control} {...form.register('inspectionType')}>
              <option value="">Select a type</option>
              <InspectionTypeOptions />
            </Select>
          )}
        </FormField>
        <FormField label="Due date" error={errors.dueDate?.message}>
          {(control) => <Input {...control} type="date" {...form.register('dueDate')} />}
        </FormField>
        <ActivityField
          options={activities.options}
          loading={activities.loading}
          itemType={chosenType}
          value={activity}
          onChange={(choice) => {
            setActivity(choice);
            setActivityError(undefined);
          }}
          preferredRequirementId={prefill.requirementId}
          error={activityError}
        />
        <FirstOfTypeLastDone
          className="min-w-0 sm:col-span-2"
          state={firstOfType}
          form={form}
          fields={rows.fields}
          today={today}
          propertyName={propertyName(chosenPropertyId)}
        />
        <FormField label="Inspector" className="sm:col-span-2" hint="One of your inspectors (Settings) fills in the name below; or type any name there.">
          {(control) => (
            <Controller
              control={form.control}
              name="inspectorId"
              render={({ field }) => (
                <InspectorPicker
                  control={control}
                  value={field.value === undefined || field.value === null ? '' : String(field.value)}
                  onChange={(value, inspector) => {
                    field.onChange(value);
                    if (inspector) form.setValue('assignedTo', inspector.name, { shouldValidate: form.formState.isSubmitted });
                  }}
                />
              )}
            />
          )}
        </FormField>
        <FormField label="Assigned to" error={errors.assignedTo?.message} className="sm:col-span-2">
          {(control) => (
            <Input {...control} maxLength={200} autoComplete="off" placeholder="Inspector or company" {...form.register('assignedTo')} />
          )}
        </FormField>
      </div>
      <FormField label="Notes" error={errors.notes?.message} hint="Instructions for whoever performs it (optional); findings are recorded when it is completed.">
        {(control) => <Textarea {...control} rows={4} maxLength={5000} {...form.register('notes')} />}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <Spinner /> : null}
          Schedule Inspection
        </Button>
      </div>
    </form>
  );
}

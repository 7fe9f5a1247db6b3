import { useEffect, useId, useMemo, useState } from 'react';
import { ArrowLeft, Building2, Plus } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { InspectorPicker } from '@/features/records/components/inspector-picker';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { INSPECTION_TYPES, type InspectionType } from '@shared/enums';
import { inspectionSchema, isCalendarDate } from '@shared/schemas/inspection';
import { isApiError, serverMessage } from '@/lib/api';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSubscription } from '@/lib/use-subscription';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { useLeaveGuard } from '@/components/leave-guard';
import { PageHeader } from '@/components/page-header';
import { UpgradePrompt } from '@/components/upgrade-prompt';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useCreateInspection } from '../api/use-create-inspection';
import { PROPERTY_OPTION_LIMIT, usePropertyForSchedule, usePropertyOptions, type PropertyOption } from '../api/use-property-options';
import { useToday } from '../api/use-today';
import { InspectionTypeOptions } from '../components/inspection-type-options';
import { ActivityField, activityIds, type ActivityChoice } from '@/features/requirements/components/activity-field';

const FIELDS = ['propertyId', 'inspectionType', 'dueDate', 'assignedTo', 'notes'] as const;
const SEARCH_DELAY_MS = 300;

function parsePropertyId(value: string | null): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}

/**
 * What a link may pre-fill besides the property: a due requirement's Schedule action sends its
 * type, the requirement and its due date.
 */
function prefillFrom(params: URLSearchParams) {
  const type = params.get('inspectionType');
  const requirementId = parsePropertyId(params.get('requirementId'));
  const dueDate = params.get('dueDate');
  return {
    inspectionType: INSPECTION_TYPES.includes(type as InspectionType) ? (type as InspectionType) : undefined,
    requirementId,
    dueDate: dueDate && isCalendarDate(dueDate) ? dueDate : undefined,
  };
}

function FormSkeleton() {
  return (
    <Card>
      <CardContent className="space-y-5 pt-6" role="status">
        <span className="sr-only">Loading...</span>
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="space-y-2">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-10 w-full" />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

/** SPEC 2, "Schedule inspection": the form, ?propertyId= preselecting and locking the property. */
export default function NewInspectionPage() {
  useDocumentTitle('Schedule Inspection');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const lockedId = parsePropertyId(searchParams.get('propertyId'));
  const prefill = prefillFrom(searchParams);
  const subscription = useSubscription();
  const create = useCreateInspection();
  const locked = usePropertyForSchedule(lockedId);
  const lockedMissing = lockedId !== undefined && locked.isError && isApiError(locked.error) && locked.error.status === 404;
  const useLock = lockedId !== undefined && !lockedMissing;
  const [search, setSearch] = useState('');
  const options = usePropertyOptions(search, !useLock);

  // Known to be at the plan's limit (and not mid-save, when the new count arrives early).
  const blocked = subscription.isLoaded && !subscription.canScheduleInspection && !create.isPending && !create.isSuccess;
  const noProperties = !useLock && options.data?.total === 0 && !search;

  let body;
  if (subscription.isLoading || (useLock ? locked.isPending : options.isPending)) {
    body = <FormSkeleton />;
  } else if (blocked) {
    body = (
      <UpgradePrompt
        feature="Unlimited Inspections"
        description={`Free accounts are limited to ${subscription.status.inspectionLimit} scheduled inspection at a time. Upgrade to Firemark Pro to schedule unlimited inspections.`}
      />
    );
  } else if (useLock && locked.isError) {
    body = <LoadError message="Failed to load the property. Please try again." onRetry={() => void locked.refetch()} retrying={locked.isFetching} />;
  } else if (!useLock && options.isError && !options.data) {
    body = <LoadError message="Failed to load your properties. Please try again." onRetry={() => void options.refetch()} retrying={options.isFetching} />;
  } else if (noProperties) {
    body = (
      <EmptyState
        icon={Building2}
        title="You have no properties yet."
        action={
          <Button asChild>
            <Link to="/properties/new">
              <Plus aria-hidden="true" />
              Add Property
            </Link>
          </Button>
        }
      >
        Inspections are scheduled for a property. Add one first, then come back to schedule its inspection.
      </EmptyState>
    );
  } else {
    body = (
      <Card>
        <CardContent className="pt-6">
          <ScheduleForm
            lockedProperty={useLock && locked.data ? { id: locked.data.id, name: locked.data.name } : undefined}
            options={options.data?.items ?? []}
            optionsTotal={options.data?.total ?? 0}
            optionsLoading={options.isFetching}
            onSearch={setSearch}
            prefill={prefill}
            create={create}
            // Scheduled from a property: back to that property, on its inspections.
            onDone={() => navigate(useLock ? `/properties/${lockedId}?tab=inspections` : '/inspections')}
          />
        </CardContent>
      </Card>
    );
  }

  return (
    <div className="mx-auto max-w-3xl">
      <Button asChild variant="link" className="mb-2 h-auto px-0">
        <Link to="/inspections">
          <ArrowLeft aria-hidden="true" /> Back to Inspections
        </Link>
      </Button>
      <PageHeader
        title="Schedule Inspection"
        description={blocked ? undefined : 'Pick the property, what is inspected, when it is due and who does it.'}
      />
      {lockedMissing ? (
        <div className="mb-4">
          <FormAlert>The property in the link was not found. Choose one of your properties instead.</FormAlert>
        </div>
      ) : null}
      {body}
    </div>
  );
}

interface ScheduleFormProps {
  lockedProperty: PropertyOption | undefined;
  options: PropertyOption[];
  optionsTotal: number;
  optionsLoading: boolean;
  onSearch: (term: string) => void;
  prefill: ReturnType<typeof prefillFrom>;
  create: ReturnType<typeof useCreateInspection>;
  onDone: () => void;
}

function ScheduleForm({ lockedProperty, options, optionsTotal, optionsLoading, onSearch, prefill, create, onDone }: ScheduleFormProps) {
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

  const form = useForm({
    resolver: zodResolver(inspectionSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      propertyId: lockedProperty ? String(lockedProperty.id) : '',
      inspectionType: prefill.inspectionType ?? ('' as never),
      dueDate: prefill.dueDate ?? today,
      assignedTo: '',
      notes: '',
      inspectorId: '',
    },
  });
  const { errors, isDirty } = form.formState;
  const { guard, release } = useLeaveGuard(isDirty);
  const chosenPropertyId = Number(form.watch('propertyId')) || undefined;
  const chosenType = (form.watch('inspectionType') ?? '') as InspectionType | '';

  // The chosen property stays in the select while a search shows other names.
  const shown = useMemo(
    () => (chosen && !options.some((o) => o.id === chosen.id) ? [chosen, ...options] : options),
    [chosen, options],
  );

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    setActivityError(undefined);
    const propertyName = lockedProperty?.name ?? shown.find((o) => o.id === values.propertyId)?.name ?? 'Unknown Property';
    create.mutate(
      { values: { ...values, ...activityIds(activity) }, propertyName },
      {
        onSuccess: () => {
          release();
          onDone();
        },
        onError: (error) => {
          const onFields = applyServerFieldErrors(error, form.setError, FIELDS);
          const activityMessage = isApiError(error) ? (error.fieldErrors.requirementId ?? error.fieldErrors.libraryId)?.[0] : undefined;
          if (activityMessage) setActivityError(activityMessage);
          if (!onFields && !activityMessage) setFormError(serverMessage(error, 'Failed to schedule inspection.'));
        },
      },
    );
  });

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
          propertyId={chosenPropertyId}
          itemType={chosenType}
          value={activity}
          onChange={(choice) => {
            setActivity(choice);
            setActivityError(undefined);
          }}
          preferredRequirementId={prefill.requirementId}
          error={activityError}
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
      <FormField label="Notes" error={errors.notes?.message} hint="Optional.">
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

import { useState } from 'react';
import { ArrowLeft, Building2 } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { INSPECTION_TYPES, type InspectionType } from '@shared/enums';
import { isCalendarDate } from '@shared/schemas/inspection';
import { isApiError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSubscription } from '@/lib/use-subscription';
import { usePermissions } from '@/lib/use-permissions';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { UpgradePrompt } from '@/components/upgrade-prompt';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useProperty } from '@/features/properties/api/use-property';
import { usePropertyOptions } from '@/features/properties/api/use-property-options';
import { useCreateInspection } from '../api/use-create-inspection';
import { ScheduleForm, type SchedulePrefill } from '../components/schedule-form';
import { AddPropertyLink } from '@/features/properties/components/add-property-link';

function parsePropertyId(value: string | null): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}

/**
 * What a link may pre-fill besides the property: a due requirement's Schedule action sends its
 * type, the requirement and its due date.
 */
function prefillFrom(params: URLSearchParams): SchedulePrefill {
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
  const canAdd = usePermissions().can('properties.create');
  const [searchParams] = useSearchParams();
  const lockedId = parsePropertyId(searchParams.get('propertyId'));
  const prefill = prefillFrom(searchParams);
  const subscription = useSubscription();
  const create = useCreateInspection();
  const locked = useProperty(lockedId);
  const lockedMissing = lockedId !== undefined && locked.isError && isApiError(locked.error) && locked.error.status === 404;
  const useLock = lockedId !== undefined && !lockedMissing;
  const [search, setSearch] = useState('');
  const options = usePropertyOptions(search, !useLock);

  // Known to be at the plan's limit (and not mid-save, when the new count arrives early).
  const blocked = subscription.isLoaded && !subscription.canScheduleInspection && !create.isPending && !create.isSuccess;
  const noProperties = !useLock && options.loaded && options.total === 0 && !search;

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
  } else if (!useLock && options.isError) {
    body = <LoadError message="Failed to load your properties. Please try again." onRetry={options.refetch} retrying={options.isFetching} />;
  } else if (noProperties) {
    body = (
      <EmptyState
        icon={Building2}
        title="You have no properties yet."
        action={
          <AddPropertyLink />
        }
      >
        {canAdd
          ? 'Inspections are scheduled for a property. Add one first, then come back to schedule its inspection.'
          : 'Inspections are scheduled for a property, and you are given none yet. Ask an owner or admin to give you one.'}
      </EmptyState>
    );
  } else {
    body = (
      <Card>
        <CardContent className="pt-6">
          <ScheduleForm
            lockedProperty={useLock && locked.data ? { id: locked.data.id, name: locked.data.name } : undefined}
            options={options.options}
            optionsTotal={options.total}
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

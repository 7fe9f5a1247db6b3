import { useId, useRef, useState } from 'react';
import { GenerateReportControls } from '@/components/generate-report-action';
import { LoadError } from '@/components/load-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import type { PropertyOptions } from '@/features/properties/api/use-property-options';
import { AddPropertyLink } from '@/features/properties/components/add-property-link';
import { usePermissions } from '@/lib/use-permissions';

interface GenerateReportPanelProps {
  properties: PropertyOptions;
}

/** SPEC 2, "Reports": the 'Generate New Report' panel of a Pro account, with its property select. */
export function GenerateReportPanel({ properties }: GenerateReportPanelProps) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="pb-4">
        <CardTitle id={titleId}>Generate New Report</CardTitle>
        <CardDescription>
          A PDF of a property&apos;s fire-safety compliance as it stands today: every compliance item, open deficiencies and the
          last 12 months of inspections.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <PanelBody properties={properties} />
      </CardContent>
    </Card>
  );
}

function PanelBody({ properties }: GenerateReportPanelProps) {
  const id = useId();
  const selectRef = useRef<HTMLSelectElement>(null);
  const [propertyId, setPropertyId] = useState<number | undefined>();
  const [missing, setMissing] = useState(false);
  const canAdd = usePermissions().can('properties.create');

  if (properties.isPending) {
    return (
      <div role="status" className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <span className="sr-only">Loading properties...</span>
        <Skeleton className="h-10 w-full sm:max-w-sm" />
        <Skeleton className="h-10 w-40" />
      </div>
    );
  }
  if (properties.isError) {
    return (
      <LoadError
        message="Failed to load your properties. Please try again."
        onRetry={properties.refetch}
        retrying={properties.isFetching}
      />
    );
  }
  if (properties.total === 0) {
    return (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          {canAdd
            ? 'Add a property first, then generate its compliance report here.'
            : 'No properties yet. Once you are given one, generate its compliance report here.'}
        </p>
        <AddPropertyLink />
      </div>
    );
  }

  const chosen = properties.options.find((choice) => choice.id === propertyId);

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="min-w-0 flex-1 space-y-1.5 sm:max-w-sm">
        <Label htmlFor={`${id}-property`}>Property</Label>
        <Select
          ref={selectRef}
          id={`${id}-property`}
          value={propertyId ?? ''}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${id}-missing` : properties.truncated ? `${id}-more` : undefined}
          onChange={(event) => {
            setPropertyId(event.target.value ? Number(event.target.value) : undefined);
            setMissing(false);
          }}
        >
          <option value="">Choose a property</option>
          {properties.options.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </Select>
        {missing ? (
          <p id={`${id}-missing`} className="text-sm font-medium text-destructive">
            Choose the property to report on.
          </p>
        ) : properties.truncated ? (
          <p id={`${id}-more`} className="text-sm text-muted-foreground">
            The first {properties.options.length} of {properties.total} properties, A-Z. For another, use Generate Report on its
            own page.
          </p>
        ) : null}
      </div>
      <GenerateReportControls
        propertyId={propertyId}
        propertyName={chosen?.name}
        onMissingProperty={() => {
          setMissing(true);
          selectRef.current?.focus();
        }}
      />
    </div>
  );
}

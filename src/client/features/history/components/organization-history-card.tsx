import { useState } from 'react';
import { Download, History } from 'lucide-react';
import { HISTORY_GROUP_LABELS, HISTORY_GROUPS, HISTORY_KIND_LABELS, HISTORY_KINDS } from '@shared/history';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { LoadingState } from '@/components/ui/spinner';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { usePropertyOptions } from '@/features/properties/api/use-property-options';
import { organizationHistoryCsvUrl, useHistoryPeople, useOrganizationHistory, type HistoryFilters } from '../api/history-queries';
import { HistoryList } from './history-list';

const numberOrUndefined = (value: string) => (value ? Number(value) : undefined);

/** Settings, History (owners and admins): every change in the organisation, filtered, and its CSV. */
export function OrganizationHistoryCard() {
  const [filters, setFilters] = useState<HistoryFilters>({});
  const set = (change: Partial<HistoryFilters>) => setFilters((now) => ({ ...now, ...change }));
  const datesWrong = Boolean(filters.from && filters.to && filters.to < filters.from);
  // The list follows the filters once they make sense; a last day before the first keeps the last good list.
  const [applied, setApplied] = useState<HistoryFilters>({});
  if (!datesWrong && JSON.stringify(applied) !== JSON.stringify(filters)) setApplied(filters);

  const history = useOrganizationHistory(applied);
  const people = useHistoryPeople();
  const properties = usePropertyOptions();
  const filtered = Object.values(applied).some((v) => v !== undefined && v !== '');

  return (
    <Card>
      <CardHeader>
        <CardTitle>History</CardTitle>
        <CardDescription>
          Every change in the organisation: who made it, when, and the values before and after. Kept for at least seven years; nobody can change or delete it.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" onSubmit={(e) => e.preventDefault()} aria-label="Filter the history">
          <FormField label="Person">
            {(control) => (
              <Select {...control} value={filters.userId ?? ''} onChange={(e) => set({ userId: numberOrUndefined(e.target.value) })}>
                <option value="">Everyone</option>
                {(people.data ?? []).map((person) => (
                  <option key={person.userId} value={person.userId}>
                    {person.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField label="Property">
            {(control) => (
              <Select {...control} value={filters.propertyId ?? ''} onChange={(e) => set({ propertyId: numberOrUndefined(e.target.value) })}>
                <option value="">All properties</option>
                {properties.options.map((property) => (
                  <option key={property.id} value={property.id}>
                    {property.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField label="Kind of change">
            {(control) => (
              <Select {...control} value={filters.kind ?? ''} onChange={(e) => set({ kind: e.target.value || undefined })}>
                <option value="">All changes</option>
                {HISTORY_GROUPS.map((group) => (
                  <optgroup key={group} label={HISTORY_GROUP_LABELS[group]}>
                    <option value={group}>All: {HISTORY_GROUP_LABELS[group].toLowerCase()}</option>
                    {HISTORY_KINDS.filter((kind) => kind.startsWith(`${group}.`)).map((kind) => (
                      <option key={kind} value={kind}>
                        {HISTORY_KIND_LABELS[kind]}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </Select>
            )}
          </FormField>
          <FormField label="From">
            {(control) => <Input {...control} type="date" value={filters.from ?? ''} onChange={(e) => set({ from: e.target.value || undefined })} />}
          </FormField>
          <FormField label="To" error={datesWrong ? 'The last day must be on or after the first day' : undefined}>
            {(control) => <Input {...control} type="date" value={filters.to ?? ''} onChange={(e) => set({ to: e.target.value || undefined })} />}
          </FormField>
          <div className="flex items-end gap-2">
            <Button asChild variant="outline">
              <a href={organizationHistoryCsvUrl(applied)} download>
                <Download aria-hidden="true" />
                Export CSV
              </a>
            </Button>
            {filtered ? (
              <Button type="button" variant="ghost" onClick={() => setFilters({})}>
                Clear filters
              </Button>
            ) : null}
          </div>
        </form>

        {history.isPending ? (
          <LoadingState message="Loading history..." />
        ) : history.isError && !history.data ? (
          <LoadError message="Failed to load the history. Please try again." onRetry={() => void history.refetch()} retrying={history.isFetching} />
        ) : history.events.length === 0 ? (
          <EmptyState icon={History} title={filtered ? 'No changes match these filters.' : 'No changes recorded yet.'} headingLevel="h3">
            {filtered ? 'Choose another person, property, kind or days, or clear the filters.' : 'Changes made from now on are listed here, newest first.'}
          </EmptyState>
        ) : (
          <div className={history.isPlaceholderData ? 'opacity-60' : undefined} aria-busy={history.isPlaceholderData}>
            <HistoryList history={history} label="Changes in the organisation, newest first" showProperty />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

import { useId } from 'react';
import type { InspectionType } from '@shared/enums';
import type { InspectionFilterStatus, InspectionSort } from '../api/inspection-queries';
import { SearchField } from '@/components/search-field';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/utils';
import { InspectionTypeOptions } from './inspection-type-options';

export const SORT_LABELS: Record<InspectionSort, string> = {
  due_asc: 'Due date, soonest first',
  due_desc: 'Due date, latest first',
  created_desc: 'Recently added',
  property: 'Property name',
};

interface InspectionFiltersProps {
  q: string;
  type: InspectionType | undefined;
  status: InspectionFilterStatus | undefined;
  statusOptions: readonly { value: InspectionFilterStatus; label: string }[];
  onSearch: (term: string) => void;
  onType: (value: InspectionType | undefined) => void;
  onStatus: (value: InspectionFilterStatus | undefined) => void;
  /** Left out where the order is fixed (the calendar, the upcoming list). */
  sort?: { value: InspectionSort; onChange: (value: InspectionSort) => void };
}

/** Search over property name and assignee (debounced), inspection type and status. */
export function InspectionFilters({ q, type, status, statusOptions, onSearch, onType, onStatus, sort }: InspectionFiltersProps) {
  const id = useId();
  return (
    <div
      role="search"
      aria-label="Filter inspections"
      className={cn(
        'grid grid-cols-2 gap-3 rounded-xl border bg-background p-4 shadow-sm',
        // The sort column is as wide as its longest label, so no label is cut off.
        sort ? 'lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_max-content]' : 'lg:grid-cols-[minmax(0,2fr)_repeat(2,minmax(0,1fr))]',
      )}
    >
      <div className="col-span-2 space-y-1.5 lg:col-span-1">
        <SearchField id={`${id}-q`} label="Search inspections" placeholder="Property name or assignee" value={q} onSearch={onSearch} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-type`}>Inspection type</Label>
        <Select
          id={`${id}-type`}
          value={type ?? ''}
          onChange={(event) => onType((event.target.value || undefined) as InspectionType | undefined)}
        >
          <option value="">All types</option>
          <InspectionTypeOptions />
        </Select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <Select
          id={`${id}-status`}
          value={status ?? ''}
          onChange={(event) => onStatus((event.target.value || undefined) as InspectionFilterStatus | undefined)}
        >
          <option value="">All statuses</option>
          {statusOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </div>
      {sort ? (
        <div className="col-span-2 space-y-1.5 lg:col-span-1">
          <Label htmlFor={`${id}-sort`}>Sort by</Label>
          <Select id={`${id}-sort`} value={sort.value} onChange={(event) => sort.onChange(event.target.value as InspectionSort)}>
            {(Object.keys(SORT_LABELS) as InspectionSort[]).map((value) => (
              <option key={value} value={value}>
                {SORT_LABELS[value]}
              </option>
            ))}
          </Select>
        </div>
      ) : null}
    </div>
  );
}

import { useId } from 'react';
import { REPORT_SORT_LABELS, REPORT_SORTS, type ReportSort } from '@shared/enums';
import { SearchField } from '@/components/search-field';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import type { PropertyOption } from '@/features/properties/api/use-property-options';

interface ReportFiltersProps {
  q: string;
  propertyId: number | undefined;
  sort: ReportSort;
  choices: PropertyOption[];
  /** The filtered property's name when the choices do not hold it (beyond the first 500). */
  propertyName?: string;
  choicesLoading: boolean;
  onSearch: (term: string) => void;
  onProperty: (id: number | undefined) => void;
  onSort: (sort: ReportSort) => void;
}

/** SPEC 2, "Reports": a search, a property filter and the four sorts. */
export function ReportFilters({ q, propertyId, sort, choices, propertyName, choicesLoading, onSearch, onProperty, onSort }: ReportFiltersProps) {
  const id = useId();
  const chosenIsListed = propertyId === undefined || choices.some((choice) => choice.id === propertyId);

  return (
    <div className="grid gap-3 rounded-xl border bg-background p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(2,minmax(0,1fr))]">
      <div className="space-y-1.5 sm:col-span-2 lg:col-span-1">
        <SearchField id={`${id}-q`} label="Search reports" placeholder="Property or file name" value={q} onSearch={onSearch} />
      </div>
      <div className="min-w-0 space-y-1.5">
        <Label htmlFor={`${id}-property`}>Property</Label>
        <Select
          id={`${id}-property`}
          value={propertyId ?? ''}
          // Until the names arrive there is nothing to pick; a filter from the URL stays shown.
          disabled={choicesLoading && !propertyId}
          aria-busy={choicesLoading || undefined}
          onChange={(event) => onProperty(event.target.value ? Number(event.target.value) : undefined)}
        >
          <option value="">All properties</option>
          {chosenIsListed ? null : <option value={propertyId}>{propertyName ?? 'Selected property'}</option>}
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="min-w-0 space-y-1.5">
        <Label htmlFor={`${id}-sort`}>Sort by</Label>
        <Select id={`${id}-sort`} value={sort} onChange={(event) => onSort(event.target.value as ReportSort)}>
          {REPORT_SORTS.map((value) => (
            <option key={value} value={value}>
              {REPORT_SORT_LABELS[value]}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}

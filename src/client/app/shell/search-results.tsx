import { useId, type MouseEvent, type ReactNode } from 'react';
import { ArrowRight, Building2, ClipboardCheck } from 'lucide-react';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format-date';
import type { Inspection } from '@shared/schemas/inspection';
import type { Property } from '@shared/schemas/property';
import { inspectionTypeLabel, propertyNameOf } from '@/features/inspections/components/inspection-text';
import { InspectionStatusBadge } from '@/components/inspection-status-badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import type { TopBarSearch } from './use-top-bar-search';

/** One choice in the results list: a property, an inspection, or a "See all" link. */
export type SearchOption =
  | { kind: 'property'; key: string; href: string; property: Property }
  | { kind: 'inspection'; key: string; href: string; inspection: Inspection }
  | { kind: 'more'; key: string; href: string; text: string };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const placeOf = (property: Property) => [property.city, property.state].filter(Boolean).join(', ');

/** The options in the order the arrow keys walk them: properties, then inspections. */
export function searchOptions(search: TopBarSearch): { properties: SearchOption[]; inspections: SearchOption[] } {
  const properties: SearchOption[] = [];
  const inspections: SearchOption[] = [];
  const p = search.properties;
  const i = search.inspections;
  if (p) {
    for (const property of p.items) {
      properties.push({ kind: 'property', key: `p${property.id}`, href: `/properties/${property.id}`, property });
    }
    if (p.total > p.items.length) {
      properties.push({
        kind: 'more',
        key: 'all-properties',
        href: `/properties?q=${encodeURIComponent(p.q)}`,
        text: `See all ${plural(p.total, 'property', 'properties')}`,
      });
    }
  }
  if (i) {
    for (const inspection of i.items) {
      inspections.push({ kind: 'inspection', key: `i${inspection.id}`, href: `/inspections/${inspection.id}`, inspection });
    }
    if (i.total > i.items.length) {
      inspections.push({
        kind: 'more',
        key: 'all-inspections',
        href: `/inspections?q=${encodeURIComponent(i.q)}`,
        text: `See all ${plural(i.total, 'inspection', 'inspections')}`,
      });
    }
  }
  return { properties, inspections };
}

/** What a screen reader hears when the results change. */
export function searchSummary(search: TopBarSearch): string {
  if (!search.active) return '';
  if (search.failed) return 'Search failed.';
  if (search.loading || search.refreshing || !search.properties || !search.inspections) return 'Searching...';
  const p = search.properties.total;
  const i = search.inspections.total;
  if (p === 0 && i === 0) return noMatchText(search.properties.q);
  return `${plural(p, 'property', 'properties')} and ${plural(i, 'inspection', 'inspections')} found. Use the arrow keys to choose one.`;
}

const noMatchText = (term: string) => `No properties or inspections match "${term}".`;

interface SearchResultsProps {
  search: TopBarSearch;
  listboxId: string;
  optionId: (key: string) => string;
  activeKey: string | null;
  /** A result was clicked (the link itself navigates). */
  onChoose: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/** The list under the top bar's search box: a listbox of property and inspection options. */
export function SearchResults({ search, listboxId, optionId, activeKey, onChoose }: SearchResultsProps) {
  const { properties, inspections } = searchOptions(search);
  const count = properties.length + inspections.length;
  const settled = !search.loading && !search.failed && !search.refreshing;
  const empty = settled && count === 0 && search.properties && search.inspections;

  const renderOption = (option: SearchOption) => (
    <ResultOption key={option.key} option={option} id={optionId(option.key)} active={activeKey === option.key} onChoose={onChoose} />
  );

  return (
    <>
      {search.loading && (
        <div className="flex items-center gap-2 px-4 py-4 text-sm text-muted-foreground">
          <Spinner className="text-primary" />
          Searching...
        </div>
      )}
      {search.failed && (
        <div className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
          <span className="text-red-800">Could not search right now.</span>
          <Button variant="outline" size="sm" onClick={search.retry}>
            Try again
          </Button>
        </div>
      )}
      {empty && <p className="px-4 py-4 text-sm text-muted-foreground">{noMatchText(search.properties!.q)}</p>}
      <div
        role="listbox"
        id={listboxId}
        aria-label="Search results"
        aria-busy={search.refreshing || undefined}
        hidden={count === 0 || search.loading || search.failed}
        className={cn('py-1 transition-opacity', search.refreshing && 'opacity-60')}
      >
        {search.refreshing && (
          <div className="flex justify-end px-4 pt-1" aria-hidden="true">
            <Spinner className="text-muted-foreground" />
          </div>
        )}
        {properties.length > 0 && <ResultGroup title="Properties">{properties.map(renderOption)}</ResultGroup>}
        {inspections.length > 0 && <ResultGroup title="Inspections">{inspections.map(renderOption)}</ResultGroup>}
      </div>
    </>
  );
}

function ResultGroup({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className="py-1">
      <div id={id} className="px-4 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        {title}
      </div>
      {children}
    </div>
  );
}

function ResultOption({
  option,
  id,
  active,
  onChoose,
}: {
  option: SearchOption;
  id: string;
  active: boolean;
  onChoose: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const base = cn(
    'mx-1 flex items-start gap-3 rounded-md px-3 py-2 text-sm text-foreground hover:bg-muted',
    active && 'bg-accent outline-2 -outline-offset-2 outline-ring hover:bg-accent',
  );
  const common = {
    id,
    role: 'option',
    'aria-selected': active,
    tabIndex: -1,
    to: option.href,
    onClick: onChoose,
  } as const;

  if (option.kind === 'more') {
    return (
      <Link {...common} className={cn(base, 'items-center font-medium text-primary')}>
        <span className="flex-1">{option.text}</span>
        <ArrowRight aria-hidden="true" className="size-4 shrink-0" />
      </Link>
    );
  }

  if (option.kind === 'property') {
    const { property } = option;
    const place = placeOf(property);
    return (
      <Link {...common} className={base}>
        <Building2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium">
            {property.name}
            {place && <span className="sr-only">,</span>}
          </span>
          {place && <span className="block truncate text-muted-foreground">{place}</span>}
        </span>
      </Link>
    );
  }

  const { inspection } = option;
  // The badge comes last for screen readers ("Fire Alarm, Maple Court, assigned to Alex,
  // Due Mar 5, 2024, Overdue") and sits top right on screen.
  return (
    <Link {...common} className={base}>
      <ClipboardCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <span className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)_auto] gap-x-2">
        <span className="col-start-1 row-start-1 truncate font-medium">
          {inspectionTypeLabel(inspection.inspectionType)}
          <span className="sr-only">,</span>
        </span>
        <span className="col-span-2 col-start-1 row-start-2 truncate text-muted-foreground">
          {propertyNameOf(inspection)}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, assigned to </span>
          {inspection.assignedTo}
          <span className="sr-only">,</span>
        </span>
        <span className="col-span-2 col-start-1 row-start-3 text-xs text-muted-foreground">
          Due {formatDate(inspection.dueDate)}
          <span className="sr-only">,</span>
        </span>
        <span className="col-start-2 row-start-1 self-start">
          <InspectionStatusBadge status={inspection.displayStatus} />
        </span>
      </span>
    </Link>
  );
}

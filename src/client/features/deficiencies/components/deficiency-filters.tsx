import { useId } from 'react';
import { DEFICIENCY_SEVERITIES, DEFICIENCY_SEVERITY_LABELS } from '@shared/records';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { DEFICIENCY_AGES, type DeficiencyListFilters } from '../api/deficiency-list-query';

const STATUS_LABELS = { open: 'Open', corrected: 'Corrected', all: 'Open and corrected' } as const;
export const AGE_LABELS = { '0-30': '0-30 days', '31-90': '31-90 days', '90+': 'Over 90 days' } as const;

/** Status, severity and age, each kept in the URL so a filtered list can be linked to. */
export function DeficiencyFilters({ filters, onChange }: { filters: DeficiencyListFilters; onChange: (changes: Record<string, string | undefined>) => void }) {
  const id = useId();
  return (
    <div className="mb-4 grid grid-cols-1 gap-3 rounded-xl border bg-background p-4 shadow-sm sm:grid-cols-3">
      <div className="min-w-0 space-y-1.5">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <Select id={`${id}-status`} value={filters.status} onChange={(event) => onChange({ status: event.target.value === 'open' ? undefined : event.target.value })}>
          {Object.entries(STATUS_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      <div className="min-w-0 space-y-1.5">
        <Label htmlFor={`${id}-severity`}>Severity</Label>
        <Select id={`${id}-severity`} value={filters.severity ?? ''} onChange={(event) => onChange({ severity: event.target.value || undefined })}>
          <option value="">All severities</option>
          {DEFICIENCY_SEVERITIES.map((s) => (
            <option key={s} value={s}>
              {DEFICIENCY_SEVERITY_LABELS[s]}
            </option>
          ))}
        </Select>
      </div>
      <div className="min-w-0 space-y-1.5">
        <Label htmlFor={`${id}-age`}>Age since found</Label>
        <Select id={`${id}-age`} value={filters.age ?? ''} onChange={(event) => onChange({ age: event.target.value || undefined })}>
          <option value="">Any age</option>
          {DEFICIENCY_AGES.map((age) => (
            <option key={age} value={age}>
              {AGE_LABELS[age]}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}

import { TriangleAlert } from 'lucide-react';
import { usePropertyRequirements } from '../api/use-property-requirements';
import { typeLabel } from './requirement-text';

/**
 * One line above the property's overview when any requirement is below the code minimum
 * (issue 37): switched off, or kept less often than its source asks. The compliance schedule
 * below says which source asks what, and why. Reads the same cached list as the schedule.
 */
export function BelowMinimumWarning({ propertyId }: { propertyId: number }) {
  const requirements = usePropertyRequirements(propertyId);
  const below = (requirements.data ?? []).filter((r) => r.belowCodeMinimum);
  if (below.length === 0) return null;
  const names = below.map((r) => `${r.activity} (${typeLabel(r.itemType)})`).join(', ');
  return (
    <p className="mb-4 flex items-start gap-2 break-words rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <strong>
          {below.length === 1 ? '1 requirement is' : `${below.length} requirements are`} below the code minimum:
        </strong>{' '}
        {names}. The compliance schedule below says why.
      </span>
    </p>
  );
}

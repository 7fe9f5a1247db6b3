import type { Property } from '@shared/schemas/property';
import { isTemporaryId } from '../api/property-queries';
import { cn } from '@/lib/utils';
import { Spinner } from '@/components/ui/spinner';
import { PROPERTY_COLUMNS } from './property-columns';
import { PropertyActionsMenu } from './property-actions-menu';

/** Properties on a desktop: one dense row each, so thirty fit on a screen (issue 10). */
export function PropertyTable({ properties, label }: { properties: Property[]; label: string }) {
  return (
    <div className="overflow-x-auto rounded-xl border bg-background shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="border-b bg-slate-50 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            {PROPERTY_COLUMNS.map((column) => (
              <th key={column.key} scope="col" className="px-4 py-3 font-semibold">
                {column.header}
              </th>
            ))}
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {properties.map((property) => (
            <tr key={property.id} className="hover:bg-slate-50">
              {PROPERTY_COLUMNS.map((column) => (
                <td key={column.key} className={cn('px-4 py-2.5', column.className)}>
                  {column.cell(property)}
                </td>
              ))}
              <td className="px-4 py-1.5 text-right">
                {isTemporaryId(property.id) ? (
                  <span role="status" className="inline-flex items-center gap-2 text-muted-foreground">
                    <Spinner /> Saving...
                  </span>
                ) : (
                  <PropertyActionsMenu property={property} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

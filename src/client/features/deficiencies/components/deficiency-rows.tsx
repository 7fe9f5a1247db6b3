import { Link } from 'react-router';
import type { PortfolioDeficiency } from '@shared/schemas/deficiency';
import { formatDate } from '@/lib/format-date';
import { SeverityBadge } from '@/features/records/components/severity-badge';

/** A row's property: its page opened on the Deficiencies tab, where the deficiency is corrected. */
export const propertyDeficienciesUrl = (propertyId: number) => `/properties/${propertyId}?tab=deficiencies`;

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** How long it has been open, or was: to today, or to the day it was corrected. */
function ageText(d: PortfolioDeficiency) {
  return d.correctedOn ? `Open ${days(d.ageDays)}` : `${days(d.ageDays)} old`;
}

function PropertyLink({ d }: { d: PortfolioDeficiency }) {
  return (
    <Link className="font-medium text-primary underline underline-offset-2" to={propertyDeficienciesUrl(d.propertyId)}>
      {d.propertyName}
    </Link>
  );
}

/** Cards, one under another: the phone's layout. */
export function DeficiencyCards({ deficiencies, labelledBy }: { deficiencies: PortfolioDeficiency[]; labelledBy: string }) {
  return (
    <ul aria-labelledby={labelledBy} className="space-y-3">
      {deficiencies.map((d) => (
        <li key={d.id} className="space-y-1.5 rounded-xl border bg-background p-4 shadow-sm">
          <div className="flex flex-wrap items-center gap-2">
            <SeverityBadge severity={d.severity} />
            <span className="text-sm font-medium tabular-nums">{ageText(d)}</span>
          </div>
          <p className="break-words">{d.description}</p>
          <p className="text-sm">
            <PropertyLink d={d} />
          </p>
          <p className="text-sm text-muted-foreground">
            {d.foundOn ? `Found ${formatDate(d.foundOn)}` : 'Found on an inspection not yet completed'}
            {d.correctedOn ? ` · Corrected ${formatDate(d.correctedOn)}` : ''}
          </p>
        </li>
      ))}
    </ul>
  );
}

const th = 'px-3 py-2 text-left font-medium text-muted-foreground';
const td = 'px-3 py-2 align-top';

/** A table: the wide screen's layout. */
export function DeficiencyTable({ deficiencies, labelledBy, showCorrected }: { deficiencies: PortfolioDeficiency[]; labelledBy: string; showCorrected: boolean }) {
  return (
    <div className="overflow-x-auto rounded-xl border bg-background shadow-sm">
      <table aria-labelledby={labelledBy} className="w-full text-sm">
        <thead className="border-b bg-muted/40">
          <tr>
            <th scope="col" className={th}>Severity</th>
            <th scope="col" className={th}>Deficiency</th>
            <th scope="col" className={th}>Property</th>
            <th scope="col" className={th}>Found</th>
            <th scope="col" className={`${th} text-right`}>Age</th>
            {showCorrected ? <th scope="col" className={th}>Corrected</th> : null}
          </tr>
        </thead>
        <tbody className="divide-y">
          {deficiencies.map((d) => (
            <tr key={d.id}>
              <td className={td}>
                <SeverityBadge severity={d.severity} />
              </td>
              <td className={`${td} max-w-md break-words`}>{d.description}</td>
              <td className={td}>
                <PropertyLink d={d} />
              </td>
              <td className={`${td} whitespace-nowrap`}>{d.foundOn ? formatDate(d.foundOn) : 'Not yet completed'}</td>
              <td className={`${td} whitespace-nowrap text-right tabular-nums`}>{days(d.ageDays)}</td>
              {showCorrected ? <td className={`${td} whitespace-nowrap`}>{d.correctedOn ? formatDate(d.correctedOn) : 'Open'}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

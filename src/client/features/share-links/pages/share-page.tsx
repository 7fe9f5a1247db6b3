import type { ReactNode } from 'react';
import { Link as LinkIcon, Printer, ShieldCheck, TriangleAlert } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { dayInTimeZone, formatDisplayDate } from '@shared/dates';
import { BELOW_CODE_MINIMUM, belowMinimumSentence } from '@shared/code-minimum';
import { dueWindowPhrase } from '@shared/due-window';
import { COUNTRY_LABELS, INSPECTION_TYPE_LABELS } from '@shared/enums';
import { DEFICIENCY_SEVERITY_LABELS } from '@shared/records';
import type { SharedProperty } from '@shared/schemas/share-link';
import { Brand } from '@/components/brand';
import { LoadError } from '@/components/load-error';
import { StatusBadge, StatusReason } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSharedProperty } from '../api/share-link-queries';

/**
 * /share/:token, public: the read-only view of one property a member shared with an outside
 * party (a fire marshal, an insurer). No account, no session check, nothing but this one
 * call; printable as it is (the print styles drop the buttons).
 */
export default function SharePage() {
  const { token = '' } = useParams();
  const shared = useSharedProperty(token);
  useDocumentTitle(shared.data ? `${shared.data.property.name} (shared)` : 'Shared property');

  if (shared.isPending) {
    return (
      <Frame>
        <div className="flex justify-center py-16" role="status">
          <Spinner className="text-primary" />
          <span className="sr-only">Loading the shared property...</span>
        </div>
      </Frame>
    );
  }
  if (shared.isError) {
    const error = shared.error;
    if (isApiError(error) && (error.status === 404 || error.status === 410)) {
      const title = error.status === 404 ? 'Share link not found' : 'This share link no longer works';
      return (
        <Frame>
          <section className="mx-auto max-w-lg space-y-3 rounded-xl border bg-background p-6 text-center">
            <LinkIcon aria-hidden="true" className="mx-auto size-8 text-muted-foreground" />
            <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
            <p className="text-muted-foreground">{error.body?.message ?? 'Ask whoever shared it for a new link.'}</p>
          </section>
        </Frame>
      );
    }
    return (
      <Frame>
        <h1 className="sr-only">Shared property</h1>
        <LoadError message="The shared property could not be loaded. Please try again." onRetry={() => void shared.refetch()} retrying={shared.isFetching} />
      </Frame>
    );
  }
  return (
    <Frame>
      <SharedView data={shared.data} />
    </Frame>
  );
}

/** The page around every state: the brand (not a link into the app's sign-in), and no-index for search engines. */
/** Issue 37: a requirement below the code minimum says so in words, with what the code asks and why. */
function BelowMinimum({ sentence }: { sentence: string }) {
  return (
    <div className="space-y-1">
      <Badge variant="destructive">
        <TriangleAlert aria-hidden="true" className="size-3" />
        {BELOW_CODE_MINIMUM}
      </Badge>
      <p className="break-words text-red-800">{sentence}</p>
    </div>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-gradient-to-b from-red-50 via-orange-50/40 to-background print:bg-none">
      {/* React puts this in the document's head. */}
      <meta name="robots" content="noindex, nofollow" />
      <header className="flex justify-center px-4 py-6 print:justify-start print:px-0 print:py-2">
        <Brand />
      </header>
      <main className="mx-auto w-full max-w-4xl px-4 pb-16 print:max-w-none print:px-0 print:pb-0">{children}</main>
    </div>
  );
}

function SharedView({ data }: { data: SharedProperty }) {
  const zone = data.timeZone;
  const day = (iso: string) => formatDisplayDate(dayInTimeZone(new Date(iso), zone));
  // A link stops when the day after its last day begins.
  const lastDay = formatDisplayDate(dayInTimeZone(new Date(new Date(data.expiresAt).getTime() - 1), zone));
  const p = data.property;
  const { person, organization } = data.sharedBy;
  // An organisation named after its one person reads "Shared by Robin Fischer", not "Robin Fischer of Robin Fischer".
  const sharer = person && person !== organization ? `${person} of ${organization}` : organization;

  return (
    <article className="space-y-6">
      <section className="space-y-3 rounded-xl border bg-background p-4 sm:p-6 print:border-0 print:p-0">
        <p className="text-sm text-muted-foreground">
          Shared by {sharer} with {data.recipient} on {day(data.sharedAt)}. This link works until the end of {lastDay}.
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="break-words text-2xl font-bold tracking-tight sm:text-3xl">{p.name}</h1>
          <StatusBadge status={p.status} />
        </div>
        <StatusReason status={p.status} reason={p.statusReason} className="font-medium" />
        <address className="break-words text-sm not-italic">
          {[p.addressLine1, p.addressLine2, p.city, `${p.state} ${p.zip}`, COUNTRY_LABELS[p.country]].filter(Boolean).join(', ')}
        </address>
        <p className="text-sm">
          <span className="font-medium">Code set:</span> {data.codeSet.label}. Editions: {data.codeSet.editions.join(', ')}.
        </p>
        <p className="text-xs text-muted-foreground">
          Statuses as of {formatDisplayDate(data.today)} ({zone}). Read-only: kept up to date by {data.sharedBy.organization} in Firemark.
        </p>
        <Button variant="outline" className="print:hidden" onClick={() => window.print()}>
          <Printer aria-hidden="true" /> Print
        </Button>
      </section>

      <section aria-labelledby="share-compliance" className="space-y-3">
        <h2 id="share-compliance" className="text-xl font-semibold">
          Compliance
        </h2>
        {data.items.length === 0 ? (
          <p className="rounded-xl border bg-background p-4 text-sm text-muted-foreground">No safety items are tracked for this property yet.</p>
        ) : (
          <ul className="space-y-3">
            {data.items.map((item) => (
              <li key={item.itemType} className="break-inside-avoid space-y-3 rounded-xl border bg-background p-4" aria-label={item.label}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="text-base font-semibold">{item.label}</h3>
                  <StatusBadge status={item.status} />
                </div>
                <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_auto_auto_minmax(0,1fr)]">
                  <dt className="text-muted-foreground">Last inspected</dt>
                  <dd>{item.lastInspectionDate ? formatDisplayDate(item.lastInspectionDate) : 'Never'}</dd>
                  <dt className="text-muted-foreground">Next due</dt>
                  <dd>{item.nextDueDate ? formatDisplayDate(item.nextDueDate) : 'Not set'}</dd>
                </dl>
                {item.requirements.length > 0 ? (
                  <ul className="divide-y border-t text-sm" aria-label={`Requirements of ${item.label}`}>
                    {item.requirements.map((r, i) => (
                      <li key={i} className="space-y-1 py-2">
                        <div className="flex flex-wrap items-center justify-between gap-2">
                          <span className="font-medium">{r.activity}</span>
                          <StatusBadge status={r.status} />
                        </div>
                        <p className="text-muted-foreground">
                          {r.interval}
                          {r.source ? ` · ${r.source}` : ''}
                        </p>
                        {r.belowCodeMinimum ? (
                          <BelowMinimum sentence={belowMinimumSentence({ source: r.source, codeAsks: r.codeInterval, kept: r.interval, reason: r.belowCodeMinimumReason })} />
                        ) : null}
                        <p>
                          Last done: {r.lastDoneOn ? `${formatDisplayDate(r.lastDoneOn)}${r.lastResult === 'non_compliant' ? ' (not compliant)' : ''}` : 'never'} · Next due:{' '}
                          {dueWindowPhrase(r) ?? formatDisplayDate(r.nextDueDate)}
                        </p>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {item.switchedOff.length > 0 ? (
                  <ul className="divide-y border-t text-sm" aria-label={`Requirements of ${item.label} switched off`}>
                    {item.switchedOff.map((r, i) => (
                      <li key={i} className="space-y-1 py-2">
                        <div className="flex flex-wrap items-center justify-between gap-2">
                          <span className="font-medium">{r.activity}</span>
                          <Badge variant="muted">Switched off</Badge>
                        </div>
                        <BelowMinimum sentence={belowMinimumSentence({ source: r.source, codeAsks: r.codeInterval, kept: null, reason: r.belowCodeMinimumReason })} />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      {data.deficiencies ? (
        <section aria-labelledby="share-deficiencies" className="space-y-3">
          <h2 id="share-deficiencies" className="text-xl font-semibold">
            Open deficiencies
          </h2>
          {data.deficiencies.length === 0 ? (
            <p className="rounded-xl border bg-background p-4 text-sm text-muted-foreground">No open deficiencies: everything found has been corrected.</p>
          ) : (
            <ul className="space-y-3">
              {data.deficiencies.map((d, i) => (
                <li key={i} className="break-inside-avoid space-y-1 rounded-xl border bg-background p-4 text-sm">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge variant={d.severity === 'non_critical' ? 'warning' : 'destructive'}>{DEFICIENCY_SEVERITY_LABELS[d.severity]}</Badge>
                    <span className="text-muted-foreground">{INSPECTION_TYPE_LABELS[d.itemType]}</span>
                  </div>
                  <p className="break-words font-medium">{d.description}</p>
                  {d.location ? <p className="break-words">Location: {d.location}</p> : null}
                  {d.correctiveAction ? <p className="break-words">Corrective action: {d.correctiveAction}</p> : null}
                  <p className="text-muted-foreground">
                    {d.foundOn ? `Found ${formatDisplayDate(d.foundOn)}` : 'Found on an inspection'}
                    {d.dueBy ? ` · To be corrected by ${formatDisplayDate(d.dueBy)}` : ''}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}

      <section aria-labelledby="share-reports" className="space-y-3">
        <h2 id="share-reports" className="text-xl font-semibold">
          Reports
        </h2>
        {data.reports.length === 0 ? (
          <p className="rounded-xl border bg-background p-4 text-sm text-muted-foreground">No compliance reports have been issued for this property yet.</p>
        ) : (
          <ul className="divide-y rounded-xl border bg-background text-sm">
            {data.reports.map((report) => (
              <li key={report.reportNumber} className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:justify-between">
                <span>
                  <span className="font-medium">{report.reportNumber}</span> · issued {day(report.generatedAt)}
                </span>
                <Link to={report.verifyPath} className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
                  <ShieldCheck aria-hidden="true" className="size-4" />
                  Verify report {report.reportNumber}
                  <span className="hidden print:inline"> ({window.location.origin + report.verifyPath})</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <p className="text-xs text-muted-foreground">Each report&rsquo;s verification page shows what the report recorded and checks that a copy is genuine.</p>
      </section>
    </article>
  );
}

import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Download } from 'lucide-react';
import type { ApiErrorBody } from '@shared/api-error';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useToday } from '@/features/inspections/api/use-today';

/** Finished months offered, the last one first. */
const MONTHS_OFFERED = 24;
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The finished months before `today`'s (YYYY-MM-DD, the organisation's zone), newest first. */
export function finishedMonths(today: string, count = MONTHS_OFFERED): { value: string; label: string }[] {
  let year = Number(today.slice(0, 4));
  let month = Number(today.slice(5, 7));
  const months = [];
  for (let i = 0; i < count; i++) {
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
    months.push({ value: `${year}-${String(month).padStart(2, '0')}`, label: `${MONTH_NAMES[month - 1]} ${year}` });
  }
  return months;
}

/**
 * "Monthly summary (PDF)" on the Insight page: a finished month's figures and the changes since
 * the month before (docs/insight.md "Monthly summary"). The monthly mail links here with
 * `?summary=YYYY-MM`, which chooses that month.
 */
export function MonthlySummaryDownload() {
  const today = useToday();
  const months = finishedMonths(today);
  const [params] = useSearchParams();
  const asked = params.get('summary');
  const [month, setMonth] = useState(() => (months.some((m) => m.value === asked) ? asked! : months[0]!.value));
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const headingId = useId();
  const selectId = useId();

  const download = async () => {
    setPending(true);
    setError(null);
    setDone(null);
    try {
      const res = await fetch(`/api/insight/summary.pdf?month=${month}`, { credentials: 'same-origin', headers: { Accept: 'application/pdf' } });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as ApiErrorBody | null;
        setError(body?.fieldErrors?.month?.[0] ?? body?.message ?? 'The summary could not be made. Please try again.');
        return;
      }
      const blob = await res.blob();
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `firemark-summary-${month}.pdf`;
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setDone(`${name} downloaded.`);
    } catch {
      setError('Firemark could not be reached. Check your connection and try again.');
    } finally {
      setPending(false);
    }
  };

  return (
    <Card id="monthly-summary" role="region" aria-labelledby={headingId} className="scroll-mt-20 space-y-4 p-4 sm:p-6">
      <div className="space-y-1">
        <h2 id={headingId} className="text-lg font-semibold tracking-tight">
          Monthly summary (PDF)
        </h2>
        <p className="text-sm text-muted-foreground">
          A finished month in figures, each compared with the month before: compliance, inspections on time, deficiencies found and
          corrected, overdue inspections. Owners and admins can have it e-mailed each month (Settings, Notifications).
        </p>
      </div>
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          void download();
        }}
      >
        <div className="space-y-1.5 sm:w-56">
          <Label htmlFor={selectId}>Month</Label>
          <Select id={selectId} value={month} onChange={(event) => setMonth(event.target.value)} disabled={pending}>
            {months.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" disabled={pending}>
          {pending ? (
            <>
              <Spinner /> Preparing...
            </>
          ) : (
            <>
              <Download aria-hidden="true" /> Download PDF
            </>
          )}
        </Button>
      </form>
      {error && <FormAlert>{error}</FormAlert>}
      <p role="status" className="text-sm text-muted-foreground">
        {done}
      </p>
    </Card>
  );
}

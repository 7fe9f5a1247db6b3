import { useId, useState } from 'react';
import { ChevronDown, Download, ReceiptText } from 'lucide-react';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import type { Invoice } from '../api/billing-types';
import { useInvoices } from '../api/use-invoices';
import { formatAmount, formatEpochDate } from './billing-format';

function statusLabel(status: string): string {
  return status ? status[0]!.toUpperCase() + status.slice(1) : 'Unknown';
}

/**
 * One invoice as a short block rather than a table row: five columns do not fit a phone,
 * and each value keeps its label this way.
 */
function InvoiceRow({ invoice }: { invoice: Invoice }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0 space-y-0.5">
        <p className="break-all font-medium">Invoice {invoice.number}</p>
        <p className="text-sm text-muted-foreground">{formatEpochDate(invoice.created)}</p>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <span className="font-medium">{formatAmount(invoice.amount, invoice.currency)}</span>
        <Badge variant={invoice.status === 'paid' ? 'success' : 'muted'}>{statusLabel(invoice.status)}</Badge>
        <Button asChild variant="outline" size="sm">
          <a href={invoice.invoice_pdf} download aria-label={`Download PDF of invoice ${invoice.number}`}>
            <Download aria-hidden="true" /> Download PDF
          </a>
        </Button>
      </div>
    </li>
  );
}

function InvoiceList({ open }: { open: boolean }) {
  const invoices = useInvoices({ enabled: open });
  if (invoices.isPending) return <LoadingState message="Loading your invoices..." className="py-6" />;
  if (invoices.isError)
    return (
      <LoadError
        message="Your invoices could not be loaded."
        onRetry={() => void invoices.refetch()}
        retrying={invoices.isFetching}
      />
    );
  if (invoices.data.length === 0) return <p className="text-sm text-muted-foreground">No invoices yet.</p>;
  return (
    <ul className="divide-y" aria-label="Invoices, newest first">
      {invoices.data.map((invoice) => (
        <InvoiceRow key={invoice.id} invoice={invoice} />
      ))}
    </ul>
  );
}

/** SPEC "Billing": invoice history behind a button, read only once it is asked for. */
export function InvoiceHistoryCard() {
  const titleId = useId();
  const listId = useId();
  const [open, setOpen] = useState(false);

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 space-y-1.5">
          <CardTitle id={titleId} className="flex items-center gap-2">
            <ReceiptText aria-hidden="true" className="size-5 text-muted-foreground" />
            Invoices
          </CardTitle>
          <CardDescription>Every payment, with a PDF receipt to download.</CardDescription>
        </div>
        <Button variant="outline" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((o) => !o)}>
          {open ? 'Hide Invoice History' : 'Show Invoice History'}
          <ChevronDown aria-hidden="true" className={cn('transition-transform', open && 'rotate-180')} />
        </Button>
      </CardHeader>
      <CardContent id={listId} hidden={!open}>
        {open ? <InvoiceList open={open} /> : null}
      </CardContent>
    </Card>
  );
}

import { Clock, Mail } from 'lucide-react';

export const SUPPORT_EMAIL = 'support@firemark.example';

export function ContactTab() {
  return (
    <div className="space-y-4 rounded-lg border bg-muted/40 p-4">
      <p className="flex items-center gap-2 text-sm">
        <Mail aria-hidden="true" className="size-4 shrink-0 text-primary" />
        <span>
          Email us at{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-primary underline underline-offset-4">
            {SUPPORT_EMAIL}
          </a>
        </span>
      </p>
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Clock aria-hidden="true" className="size-4 shrink-0" />
        We&apos;ll respond within 1 business day.
      </p>
    </div>
  );
}

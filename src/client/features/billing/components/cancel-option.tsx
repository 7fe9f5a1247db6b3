import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';

interface CancelOptionProps {
  title: string;
  recommended?: boolean;
  children: ReactNode;
  /** The button that opens the confirmation, and the confirmation's own button. */
  actionLabel: string;
  confirmTitle: string;
  confirmText: string;
  pending: boolean;
  disabled: boolean;
  onConfirm: () => void;
}

/** One way to cancel, explained, behind a confirmation that says what will happen. */
export function CancelOption(props: CancelOptionProps) {
  const { title, recommended, children, actionLabel, confirmTitle, confirmText, pending, disabled, onConfirm } = props;
  return (
    <li className="space-y-3 rounded-lg border p-4">
      <div className="space-y-1">
        <h3 className="flex flex-wrap items-center gap-2 font-semibold">
          {title}
          {recommended ? <Badge variant="success">Recommended</Badge> : null}
        </h3>
        <div className="text-sm text-muted-foreground">{children}</div>
      </div>
      <ConfirmDialog
        trigger={
          <Button variant={recommended ? 'outline' : 'destructive'} disabled={disabled}>
            {pending ? <Spinner /> : null}
            {actionLabel}
          </Button>
        }
        title={confirmTitle}
        description={confirmText}
        cancelLabel="Keep Subscription"
        confirmLabel={actionLabel}
        onConfirm={onConfirm}
      />
    </li>
  );
}

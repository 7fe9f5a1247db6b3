import { useId, type ReactNode } from 'react';
import { Button } from './button';
import { DialogClose, DialogFooter } from './dialog';
import { Spinner } from './spinner';

interface FormDialogFooterProps {
  /** The form is saving: both buttons wait, and the submit button spins. */
  pending: boolean;
  /** The submit button's words. */
  children: ReactNode;
  variant?: 'default' | 'destructive';
  /**
   * Off for a reason of the form's own, said in words beside the button ("Write the findings
   * to complete a non-compliant inspection."): a disabled button alone does not say why.
   */
  disabled?: boolean | string;
}

/** A form dialog's Cancel and submit buttons. */
export function FormDialogFooter({ pending, children, variant = 'default', disabled = false }: FormDialogFooterProps) {
  const reasonId = useId();
  const reason = typeof disabled === 'string' ? disabled : '';
  return (
    <div className="flex flex-col gap-2">
      {/* Always present, so that a reason appearing is announced. */}
      <p id={reasonId} aria-live="polite" className={reason ? 'text-sm font-medium text-amber-900 sm:text-right' : 'sr-only'}>
        {reason}
      </p>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" variant={variant} disabled={Boolean(disabled) || pending} aria-describedby={reason ? reasonId : undefined}>
          {pending ? <Spinner /> : null}
          {children}
        </Button>
      </DialogFooter>
    </div>
  );
}

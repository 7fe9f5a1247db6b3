import type { ReactNode } from 'react';
import { Button } from './button';
import { DialogClose, DialogFooter } from './dialog';
import { Spinner } from './spinner';

interface FormDialogFooterProps {
  /** The form is saving: both buttons wait, and the submit button spins. */
  pending: boolean;
  /** The submit button's words. */
  children: ReactNode;
  variant?: 'default' | 'destructive';
  /** Off for a reason of the form's own (a required note is missing). */
  disabled?: boolean;
}

/** A form dialog's Cancel and submit buttons. */
export function FormDialogFooter({ pending, children, variant = 'default', disabled = false }: FormDialogFooterProps) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline" disabled={pending}>
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" variant={variant} disabled={disabled || pending}>
        {pending ? <Spinner /> : null}
        {children}
      </Button>
    </DialogFooter>
  );
}

import { useEffect, useId, useRef, useState, type ComponentProps } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from '@/lib/utils';
import { useReturnFocus } from './use-return-focus';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      className={cn('fixed inset-0 z-50 bg-slate-950/60 data-[state=open]:animate-fade-in', className)}
      {...props}
    />
  );
}

interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /**
   * The dialog holds edits not saved: Escape and a click outside ask before throwing them
   * away, instead of closing. Cancel and the close button still close at once.
   */
  dirty?: boolean;
}

export function DialogContent({ className, children, onOpenAutoFocus, onCloseAutoFocus, dirty = false, onEscapeKeyDown, onInteractOutside, ...props }: DialogContentProps) {
  const focus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (!dirty) setAsking(false);
  }, [dirty]);
  const guard = (event: Event) => {
    if (!dirty || event.defaultPrevented) return;
    event.preventDefault();
    setAsking(true);
  };
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          // One column that may shrink below its content: a wide table scrolls inside itself, never the dialog sideways.
          'fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 grid-cols-[minmax(0,1fr)] gap-4 overflow-y-auto overflow-x-hidden rounded-xl border bg-background p-6 shadow-lg focus:outline-none data-[state=open]:animate-zoom-in',
          className,
        )}
        {...focus}
        {...props}
        onEscapeKeyDown={(event) => {
          onEscapeKeyDown?.(event);
          if (asking) {
            event.preventDefault();
            setAsking(false);
            return;
          }
          guard(event);
        }}
        onInteractOutside={(event) => {
          onInteractOutside?.(event);
          guard(event);
        }}
      >
        {asking ? <DiscardChanges onKeepEditing={() => setAsking(false)} /> : null}
        {children}
        <DialogPrimitive.Close className="absolute right-4 top-4 rounded-sm p-1 text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <X className="size-4" aria-hidden="true" />
          <span className="sr-only">Close</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-6 text-left', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold leading-tight', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

/** Asked inside the dialog itself, so focus and the edits stay where they are. */
function DiscardChanges({ onKeepEditing }: { onKeepEditing: () => void }) {
  const titleId = useId();
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <div role="alertdialog" aria-labelledby={titleId} className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center sm:justify-between">
      <p id={titleId} className="text-sm font-medium">
        Discard your changes? What you entered here is not saved.
      </p>
      <div className="flex shrink-0 gap-2">
        <button
          ref={keep}
          type="button"
          onClick={onKeepEditing}
          className="inline-flex h-9 items-center rounded-md bg-slate-900 px-3 text-sm font-medium text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        >
          Keep editing
        </button>
        <DialogPrimitive.Close className="inline-flex h-9 items-center rounded-md border border-amber-400 bg-white px-3 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2">
          Discard
        </DialogPrimitive.Close>
      </div>
    </div>
  );
}

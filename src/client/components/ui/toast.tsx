import type { ComponentProps } from 'react';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import { cn } from '@/lib/utils';

export function ToastProvider(props: ComponentProps<typeof ToastPrimitive.Provider>) {
  // SPEC 9: 5000 ms, swipe right past 50 px to dismiss; F8 is Radix's default hotkey.
  return <ToastPrimitive.Provider duration={5000} swipeDirection="right" swipeThreshold={50} {...props} />;
}

/**
 * Where toasts sit: 'usual' is the top of a phone and the bottom right of a wider screen;
 * 'opposite' is the other end (above the phone's tab bar, or the top right), for when the
 * usual place would cover the control that has the keyboard focus.
 */
export type ToastPlacement = 'usual' | 'opposite';

export function ToastViewport({ className, placement = 'usual', ...props }: ComponentProps<typeof ToastPrimitive.Viewport> & { placement?: ToastPlacement }) {
  return (
    <ToastPrimitive.Viewport
      data-placement={placement}
      className={cn(
        'fixed left-0 right-0 z-[100] m-0 flex max-h-screen w-full list-none flex-col gap-2 p-4 outline-none sm:left-auto sm:max-w-sm',
        placement === 'usual'
          ? 'top-0 sm:bottom-0 sm:top-auto'
          : 'bottom-0 pb-[calc(5rem+env(safe-area-inset-bottom))] sm:bottom-auto sm:top-0 sm:pb-4',
        className,
      )}
      {...props}
    />
  );
}

const toastVariants = cva(
  'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg data-[state=open]:animate-slide-in-top sm:data-[state=open]:animate-slide-in-right data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-[translate] data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none',
  {
    variants: {
      variant: {
        default: 'border-border bg-background text-foreground',
        destructive: 'border-red-800 bg-red-700 text-white',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export function Toast({
  className,
  variant,
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>) {
  return <ToastPrimitive.Root className={cn(toastVariants({ variant }), className)} {...props} />;
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn('text-sm font-semibold', className)} {...props} />;
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn('text-sm opacity-95', className)} {...props} />;
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      aria-label="Dismiss notification"
      className={cn(
        'absolute right-2 top-2 rounded-md p-1 opacity-80 transition-opacity hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-current',
        className,
      )}
      {...props}
    >
      <X className="size-4" aria-hidden="true" />
    </ToastPrimitive.Close>
  );
}

export function ToastAction({ className, ...props }: ComponentProps<typeof ToastPrimitive.Action>) {
  return (
    <ToastPrimitive.Action
      className={cn(
        'inline-flex h-8 shrink-0 items-center justify-center self-center rounded-md border border-current px-3 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-current',
        className,
      )}
      {...props}
    />
  );
}

import { useId, type ReactNode } from 'react';
import { Label } from './label';
import { cn } from '@/lib/utils';

export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
  /** Extra content on the label's line, such as a "Forgot password?" link. */
  labelAside?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}

/** Label, control, hint and error, wired together with ids for assistive technology. */
export function FormField({ label, error, hint, className, labelAside, children }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // One message under a field: the error replaces the hint rather than stacking below it.
  const showHint = hint && !error;
  const describedBy = [showHint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className={cn('space-y-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {showHint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        // Announced when it appears, not only shown.
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

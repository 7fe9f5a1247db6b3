import { forwardRef, useId, type ChangeEvent, type ReactNode } from 'react';
import { Label } from '@/components/ui/label';

interface CsvFileFieldProps {
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  disabled: boolean;
  /** What the file may hold, read out with the field. */
  hint: ReactNode;
}

/** The "CSV file" picker of both imports (properties, inspection history), with its hint. */
export const CsvFileField = forwardRef<HTMLInputElement, CsvFileFieldProps>(function CsvFileField({ onChange, disabled, hint }, ref) {
  const inputId = useId();
  const hintId = useId();
  return (
    <div className="space-y-2">
      <Label htmlFor={inputId}>CSV file</Label>
      <input
        ref={ref}
        id={inputId}
        type="file"
        accept=".csv,text/csv"
        aria-describedby={hintId}
        onChange={onChange}
        disabled={disabled}
        className="block w-full min-w-0 rounded-md border border-input bg-background text-sm shadow-sm file:mr-3 file:h-10 file:cursor-pointer file:border-0 file:border-r file:border-input file:bg-secondary file:px-3 file:text-sm file:font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40"
      />
      <p id={hintId} className="text-sm text-muted-foreground">
        {hint}
      </p>
    </div>
  );
});

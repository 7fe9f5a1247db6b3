import { Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';

interface ShownOnceProps {
  /** What it is, e.g. "Signing secret" or "API token". */
  label: string;
  value: string;
  /** What to do with it, under the value. */
  hint: ReactNode;
  onDone: () => void;
}

/** A secret Firemark shows once and never again (a webhook's signing secret, an API token): copy it now. */
export function ShownOnce({ label, value, hint, onDone }: ShownOnceProps) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast({ title: `${label} Copied`, description: 'Store it somewhere safe; it is not shown again.' });
    } catch {
      toast({ title: `Copy the ${label.toLowerCase()}`, description: 'Select it and press Ctrl+C (or ⌘C).' });
    }
  };
  return (
    <div role="status" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3">
      <p className="text-sm font-medium">{label} (shown only now)</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input readOnly value={value} aria-label={label} className="font-mono text-xs sm:text-xs" onFocus={(e) => e.currentTarget.select()} />
        <Button variant="outline" onClick={copy}>
          <Copy aria-hidden="true" /> Copy
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">{hint}</p>
      <Button variant="ghost" size="sm" onClick={onDone}>
        I have stored it
      </Button>
    </div>
  );
}

import { Building2 } from 'lucide-react';
import { Button } from '@/components/ui/button';

interface ChosenPropertiesNoteProps {
  /** How many properties the list is narrowed to. */
  count: number;
  /** What the list shows of them, e.g. "inspections"; the properties themselves when left out. */
  of?: string;
  /** Removes the choice from the URL, so the list shows everything again. */
  onShowAll: () => void;
}

/**
 * Says a list shows only the properties chosen on the Insight page (its link carried them in
 * `propertyIds`), so a count there and the rows here agree, and offers the whole list back.
 */
export function ChosenPropertiesNote({ count, of, onShowAll }: ChosenPropertiesNoteProps) {
  return (
    <div className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border bg-accent/40 px-3 py-2 text-sm">
      <Building2 aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <p className="min-w-0 flex-1">
        Showing {of ? `the ${of} of ` : ''}
        {count === 1 ? '1 chosen property' : `${count} chosen properties`}
      </p>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          onShowAll();
          // The note goes with the choice: focus moves to the page's content rather than being lost.
          document.getElementById('main-content')?.focus();
        }}
      >
        Show all
      </Button>
    </div>
  );
}

import { useId, useState } from 'react';
import { Building2, ChevronDown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { usePropertyOptions } from '@/features/properties/api/use-property-options';
import { MAX_CHOSEN_PROPERTIES } from '../api/insight-queries';

interface PropertyChooserProps {
  /** The chosen properties; undefined for every one the member may see. */
  chosen: number[] | undefined;
  onChange: (ids: number[] | undefined) => void;
}

/** Which properties the figures count: all the member may see, or a chosen set (the URL's propertyIds). */
export function PropertyChooser({ chosen, onChange }: PropertyChooserProps) {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [filter, setFilter] = useState('');
  const properties = usePropertyOptions('', open || chosen !== undefined);
  const filterId = useId();
  const legendId = useId();
  const shown = properties.options.filter((p) => p.name.toLowerCase().includes(filter.trim().toLowerCase()));
  const chosenNames = chosen ? properties.options.filter((p) => chosen.includes(p.id)).map((p) => p.name) : [];

  const label = !chosen
    ? 'All properties'
    : chosen.length === 1 && chosenNames[0]
      ? chosenNames[0]
      : `${chosen.length} properties`;

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setPicked(new Set(chosen ?? []));
          setFilter('');
        }
        setOpen(next);
      }}
    >
      <PopoverTrigger asChild>
        <Button variant="outline" className="max-w-full justify-between sm:w-auto" aria-label={`Properties counted: ${label}. Choose properties`}>
          <Building2 aria-hidden="true" />
          <span className="truncate">{label}</span>
          <ChevronDown aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-[min(20rem,calc(100vw-2rem))] space-y-3">
        <p id={legendId} className="text-sm font-medium">
          Count these properties
        </p>
        {properties.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading your properties...
          </p>
        ) : properties.isError ? (
          <p role="alert" className="text-sm text-red-800">
            Your properties could not be loaded.{' '}
            <button type="button" className="font-medium underline" onClick={properties.refetch}>
              Try again
            </button>
          </p>
        ) : (
          <>
            {properties.options.length > 8 ? (
              <div className="space-y-1">
                <Label htmlFor={filterId}>Find a property</Label>
                <Input id={filterId} value={filter} onChange={(e) => setFilter(e.target.value)} autoComplete="off" />
              </div>
            ) : null}
            <div role="group" aria-labelledby={legendId} className="max-h-64 space-y-1 overflow-y-auto">
              {shown.length === 0 ? <p className="text-sm text-muted-foreground">No property matches.</p> : null}
              {shown.map((p) => (
                <label key={p.id} className="flex cursor-pointer items-center gap-2 rounded px-1 py-1.5 text-sm hover:bg-accent">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={picked.has(p.id)}
                    onChange={(e) => {
                      const next = new Set(picked);
                      if (e.target.checked) next.add(p.id);
                      else next.delete(p.id);
                      setPicked(next);
                    }}
                  />
                  <span className="min-w-0 break-words">{p.name}</span>
                </label>
              ))}
            </div>
            {properties.truncated ? (
              <p className="text-sm text-muted-foreground">The first {properties.options.length} by name are listed.</p>
            ) : null}
            {picked.size > MAX_CHOSEN_PROPERTIES ? (
              <p role="alert" className="text-sm text-red-800">
                Choose at most {MAX_CHOSEN_PROPERTIES} properties.
              </p>
            ) : null}
          </>
        )}
        <div className="flex flex-wrap justify-end gap-2 border-t pt-3">
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              onChange(undefined);
              setOpen(false);
            }}
          >
            All properties
          </Button>
          <Button
            size="sm"
            disabled={picked.size === 0 || picked.size > MAX_CHOSEN_PROPERTIES}
            onClick={() => {
              onChange([...picked].sort((a, b) => a - b));
              setOpen(false);
            }}
          >
            Show chosen
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

const SEARCH_DELAY_MS = 300;

interface SearchFieldProps {
  id: string;
  label: string;
  placeholder: string;
  /** The search in effect (from the URL). */
  value: string;
  /** Called with the trimmed term once typing pauses. */
  onSearch: (term: string) => void;
}

/** A labelled search box that searches as the person types, once typing pauses. */
export function SearchField({ id, label, placeholder, value, onSearch }: SearchFieldProps) {
  const [term, setTerm] = useState(value);
  // The last term this box sent: a different value (Clear filters, the top bar's search, the
  // browser's back button) came from elsewhere, and then the box follows it.
  const sent = useRef(value);

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setTerm(value);
    }
  }, [value]);

  useEffect(() => {
    const next = term.trim();
    if (next === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = next;
      onSearch(next);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // onSearch is a fresh closure each render; the term alone decides when to search.
  }, [term]);

  return (
    <>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          id={id}
          type="search"
          value={term}
          maxLength={200}
          onChange={(event) => setTerm(event.target.value)}
          placeholder={placeholder}
          className="pl-9"
          autoComplete="off"
        />
      </div>
    </>
  );
}

import { useEffect, useId, useRef, useState, type FocusEvent, type FormEvent, type KeyboardEvent } from 'react';
import { Search } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { Input } from '@/components/ui/input';
import { SearchResults, searchOptions, searchSummary } from './search-results';
import { MIN_SEARCH_LENGTH, useTopBarSearch } from './use-top-bar-search';

/**
 * The top bar's search: as the person types, a list of matching properties and inspections
 * opens under the box. The arrow keys move through it, Enter opens the highlighted result
 * (or, with none highlighted, the properties list filtered by the term), Escape closes it.
 *
 * The input keeps its own searchbox role and sits inside an element with the combobox role
 * (the ARIA 1.1 combobox pattern), so it is still found as the "Search" search box.
 */
export function SearchBox() {
  const id = useId();
  const labelId = `${id}-label`;
  const listboxId = `${id}-results`;
  const optionId = (key: string) => `${id}-option-${key}`;

  const navigate = useNavigate();
  const location = useLocation();
  const containerRef = useRef<HTMLFormElement>(null);
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [activeKey, setActiveKey] = useState<string | null>(null);

  const search = useTopBarSearch(term);
  const { properties, inspections } = searchOptions(search);
  const options = [...properties, ...inspections];
  const activeIndex = options.findIndex((option) => option.key === activeKey);
  const active = activeIndex >= 0 ? options[activeIndex] : undefined;
  const expanded = open && term.trim().length >= MIN_SEARCH_LENGTH && search.active;

  // A new page closes the list. The box's own navigations have closed it already, and the new
  // page may render only after its code and data arrive, when the person may be typing again.
  const ownNavigation = useRef(false);
  useEffect(() => {
    if (ownNavigation.current) {
      ownNavigation.current = false;
      return;
    }
    setOpen(false);
    setActiveKey(null);
  }, [location.key]);

  // Results for a new term start with nothing highlighted.
  const resultsFor = `${search.properties?.q ?? ''}\u0000${search.inspections?.q ?? ''}`;
  useEffect(() => setActiveKey(null), [resultsFor]);

  // A click anywhere else closes the list.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // Keep the highlighted option in view when the list scrolls.
  useEffect(() => {
    if (expanded && activeKey) document.getElementById(optionId(activeKey))?.scrollIntoView({ block: 'nearest' });
  }, [expanded, activeKey]);

  const close = () => {
    setOpen(false);
    setActiveKey(null);
  };

  /** A result was opened: the search is done. */
  const finish = () => {
    ownNavigation.current = true;
    close();
    setTerm('');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (expanded && active) {
      navigate(active.href);
      finish();
      return;
    }
    const q = term.trim();
    ownNavigation.current = true;
    close();
    navigate(q ? `/properties?q=${encodeURIComponent(q)}` : '/properties');
  };

  const move = (step: 1 | -1) => {
    if (options.length === 0) return;
    const next = activeIndex < 0 ? (step === 1 ? 0 : options.length - 1) : (activeIndex + step + options.length) % options.length;
    setActiveKey(options[next]!.key);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        if (!expanded) {
          setOpen(true);
          return;
        }
        move(event.key === 'ArrowDown' ? 1 : -1);
        return;
      case 'Escape':
        // Open: close the list and keep the text. Closed: the browser clears the box.
        if (expanded) {
          event.preventDefault();
          close();
        }
        return;
      default:
    }
  };

  // Tabbing away closes the list; moving to its Try again button does not.
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
  };

  return (
    <form ref={containerRef} role="search" onSubmit={onSubmit} onBlur={onBlur} className="w-full max-w-md sm:relative">
      <label id={labelId} htmlFor={id} className="sr-only">
        Search
      </label>
      <div
        role="combobox"
        aria-labelledby={labelId}
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-haspopup="listbox"
        className="relative"
      >
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          id={id}
          type="search"
          value={term}
          onChange={(event) => {
            setTerm(event.target.value);
            setOpen(true);
            setActiveKey(null);
          }}
          onKeyDown={onKeyDown}
          onClick={() => setOpen(true)}
          placeholder="Search properties and inspections..."
          className="pl-9"
          autoComplete="off"
          maxLength={200}
          aria-autocomplete="list"
          aria-controls={listboxId}
          aria-activedescendant={expanded && active ? optionId(active.key) : undefined}
        />
      </div>
      <div
        hidden={!expanded}
        // Clicks in the list keep the focus in the box.
        onMouseDown={(event) => event.preventDefault()}
        className="absolute inset-x-0 top-full z-40 max-h-[calc(100dvh-8rem-env(safe-area-inset-bottom))] overflow-y-auto border-b bg-popover text-popover-foreground shadow-lg sm:mt-2 sm:max-h-[min(34rem,calc(100dvh-6rem))] sm:rounded-lg sm:border"
      >
        <SearchResults
          search={search}
          listboxId={listboxId}
          optionId={optionId}
          activeKey={expanded ? activeKey : null}
          onChoose={(event) => {
            // A click that opens a new tab or window leaves this page's search as it was.
            if (!(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0)) finish();
          }}
        />
      </div>
      <div role="status" className="sr-only">
        {expanded ? searchSummary(search) : ''}
      </div>
    </form>
  );
}

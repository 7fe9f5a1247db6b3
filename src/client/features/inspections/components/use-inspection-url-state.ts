import { useSearchParams } from 'react-router';
import { INSPECTION_TYPES, type InspectionType } from '@shared/enums';
import type { InspectionFilterStatus, InspectionSort } from '@/lib/inspection-queries';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

const SORTS = ['due_asc', 'due_desc', 'created_desc', 'property'] as const satisfies readonly InspectionSort[];
export const DEFAULT_SORT: InspectionSort = 'due_asc';
const isDay = (value: string | null): value is string => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/**
 * The list's filters, view, calendar month and picked day live in the URL, so they survive a
 * reload, can be shared, and the back button undoes them.
 */
export function useInspectionUrlState(statuses: readonly InspectionFilterStatus[], today: string) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const type = oneOf<InspectionType>(INSPECTION_TYPES, params.get('type'));
  const status = oneOf(statuses, params.get('status'));
  const sort = oneOf(SORTS, params.get('sort')) ?? DEFAULT_SORT;
  const view: 'list' | 'calendar' = params.get('view') === 'calendar' ? 'calendar' : 'list';
  const dateParam = params.get('date');
  const day = isDay(dateParam) ? dateParam : undefined;
  const monthParam = params.get('month');
  const month = monthParam && isDay(`${monthParam}-01`) ? `${monthParam}-01` : `${(day ?? today).slice(0, 7)}-01`;
  const filtered = Boolean(q || type || status);

  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      () => {
        // The live URL, not this render's copy: a debounced search fires from an older render
        // and would otherwise undo a filter chosen in the meantime.
        const next = new URLSearchParams(window.location.search);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      // Typing a search replaces the entry (one per keystroke pause would flood history);
      // a filter, a view, a month or a day is a step the Back button undoes.
      { replace: Object.keys(changes).every((name) => name === 'q') },
    );

  return {
    q,
    type,
    status,
    sort,
    view,
    month,
    day,
    filtered,
    setSearch: (term: string) => update({ q: term || undefined }),
    setType: (value: InspectionType | undefined) => update({ type: value }),
    setStatus: (value: InspectionFilterStatus | undefined) => update({ status: value }),
    setSort: (value: InspectionSort) => update({ sort: value === DEFAULT_SORT ? undefined : value }),
    setView: (value: string) => update({ view: value === 'calendar' ? 'calendar' : undefined }),
    setMonth: (value: string) => update({ month: value.slice(0, 7) }),
    setDay: (value: string | undefined) => update({ date: value }),
    clearFilters: () => update({ q: undefined, type: undefined, status: undefined }),
  };
}

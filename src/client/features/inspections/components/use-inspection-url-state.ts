import { useUrlParams } from '@/lib/use-url-params';
import type { InspectionType } from '@shared/enums';
import { INSPECTIONS_DEFAULT_SORT, inspectionUrlFilters, type InspectionListing } from '../api/inspection-browser-query';
import type { InspectionFilterStatus, InspectionSort } from '../api/inspection-queries';

const isDay = (value: string | null): value is string => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/**
 * The list's filters, view, calendar month and picked day live in the URL, so they survive a
 * reload, can be shared, and the back button undoes them.
 */
export function useInspectionUrlState(listing: InspectionListing, today: string) {
  const { params, update } = useUrlParams();
  const { defaultStatus } = listing;
  const { q, type, status, sort, view, propertyIds } = inspectionUrlFilters(params, listing);
  const dateParam = params.get('date');
  const day = isDay(dateParam) ? dateParam : undefined;
  const monthParam = params.get('month');
  const month = monthParam && isDay(`${monthParam}-01`) ? `${monthParam}-01` : `${(day ?? today).slice(0, 7)}-01`;
  const filtered = Boolean(q || type || (status && status !== defaultStatus) || propertyIds);

  return {
    q,
    type,
    status,
    sort,
    view,
    propertyIds,
    month,
    day,
    filtered,
    setSearch: (term: string) => update({ q: term || undefined }),
    setType: (value: InspectionType | undefined) => update({ type: value }),
    setStatus: (value: InspectionFilterStatus | undefined) =>
      update({ status: value === defaultStatus ? undefined : (value ?? (defaultStatus ? 'all' : undefined)) }),
    setSort: (value: InspectionSort) => update({ sort: value === INSPECTIONS_DEFAULT_SORT ? undefined : value }),
    setView: (value: string) => update({ view: value === 'calendar' ? 'calendar' : undefined }),
    setMonth: (value: string) => update({ month: value.slice(0, 7) }),
    setDay: (value: string | undefined) => update({ date: value }),
    showAllProperties: () => update({ propertyIds: undefined }),
    clearFilters: () => update({ q: undefined, type: undefined, status: undefined, propertyIds: undefined }),
  };
}

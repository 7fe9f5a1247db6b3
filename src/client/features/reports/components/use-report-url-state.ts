import { oneOf, useUrlParams } from '@/lib/use-url-params';
import { REPORT_SORTS, type ReportSort } from '@shared/enums';

export const DEFAULT_SORT: ReportSort = 'newest';

function positiveId(value: string | null): number | undefined {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/**
 * The report list's search, property filter and sort live in the URL, so they survive a
 * reload, can be shared, and the back button undoes them.
 */
export function useReportUrlState() {
  const { params, update } = useUrlParams();
  const q = params.get('q')?.trim() ?? '';
  const propertyId = positiveId(params.get('property'));
  const sort = oneOf(REPORT_SORTS, params.get('sort')) ?? DEFAULT_SORT;

  return {
    q,
    propertyId,
    sort,
    filtered: Boolean(q || propertyId),
    setSearch: (term: string) => update({ q: term || undefined }),
    setPropertyId: (id: number | undefined) => update({ property: id ? String(id) : undefined }),
    setSort: (value: ReportSort) => update({ sort: value === DEFAULT_SORT ? undefined : value }),
    clearFilters: () => update({ q: undefined, property: undefined }),
  };
}

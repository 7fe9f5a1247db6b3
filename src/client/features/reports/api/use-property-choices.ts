import { usePropertyList } from '@/features/properties/api/property-queries';

/** The most properties the selects list (the server's largest page). */
const CHOICE_LIMIT = 500;

export interface PropertyChoice {
  id: number;
  name: string;
}

/**
 * The account's properties A-Z for the property filter and the Generate New Report select.
 * Both ask with the same key, so the page downloads them once.
 */
export function usePropertyChoices() {
  const list = usePropertyList({ sort: 'name_asc' }, CHOICE_LIMIT);
  const choices: PropertyChoice[] = list.data?.pages[0]?.items.map(({ id, name }) => ({ id, name })) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  return {
    choices,
    total,
    /** More properties than one select can list. */
    truncated: choices.length < total,
    isPending: list.isPending,
    isError: list.isError && !list.data,
    isFetching: list.isFetching,
    refetch: () => void list.refetch(),
  };
}

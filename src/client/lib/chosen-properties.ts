/**
 * A chosen set of properties in a page's URL, `?propertyIds=3,7`: the Insight page's choice,
 * carried by its links into the lists it counts, which narrow to it (the server's
 * chosenPropertyIdsField, src/shared/schemas/list.ts, takes the same form).
 */

/** The most properties one choice may name (the server's MAX_CHOSEN_PROPERTIES). */
export const MAX_CHOSEN_PROPERTIES = 500;

/**
 * The chosen properties as a URL names them, in order and each once; undefined for every
 * property the member may see. Anything that is not a list of ids is ignored, as a filter
 * the pages do not know is.
 */
export function chosenPropertyIds(params: URLSearchParams): number[] | undefined {
  const value = params.get('propertyIds');
  if (!value || !/^\d+(,\d+)*$/.test(value)) return undefined;
  const ids = [...new Set(value.split(',').map(Number))].filter((id) => id >= 1 && id <= 2_147_483_647).sort((a, b) => a - b);
  return ids.length > 0 ? ids.slice(0, MAX_CHOSEN_PROPERTIES) : undefined;
}

/** The query-string value for a choice ("3,7"), or undefined for none. */
export const chosenPropertiesParam = (ids: readonly number[] | undefined): string | undefined => (ids?.length ? ids.join(',') : undefined);

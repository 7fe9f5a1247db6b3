import { useSearchParams } from 'react-router';

/** A query-string value, if it is one of the allowed ones. */
export const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

/**
 * A list's filters in the URL (DECISIONS "Lists"): they survive a reload, can be shared, and
 * Back undoes them. `update` sets or clears several at once; a change of the search term
 * alone replaces the history entry (one per pause in typing would flood it), anything else
 * is a step Back undoes.
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
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
      { replace: Object.keys(changes).every((name) => name === 'q') },
    );
  return { params, update, setParams };
}

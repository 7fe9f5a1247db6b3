import { useEffect } from 'react';

/** Sets the tab title to "Firemark - <page>", or "Firemark" without a page name. */
export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = page ? `Firemark - ${page}` : 'Firemark';
  }, [page]);
}

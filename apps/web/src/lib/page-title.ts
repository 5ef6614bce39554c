import { useEffect } from 'react';
import { BRAND, pageTitle } from '@/config/messages';

/** Sets the document title to '{page} | Bulkwise' and restores 'Bulkwise' when the page is left. */
export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = pageTitle(page);
    return () => {
      document.title = BRAND;
    };
  }, [page]);
}

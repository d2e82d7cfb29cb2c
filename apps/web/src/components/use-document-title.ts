import { useEffect } from 'react';

export const APP_NAME = 'Tenantry';

/** Sets `<title> · Tenantry` while the page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`;
  }, [title]);
}

import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * The respondent page is its own entry (in-progress.html, apps/web/src/respondent), which the
 * server sends for /in-progress/*. The main app gets here only by navigating on the client:
 * load the page again from the server. Not when this document was itself loaded at this path
 * (a server that sent index.html instead), which would reload for ever.
 */
export default function AssessmentLandingScreen() {
  const { pathname, search, hash } = useLocation();
  const url = `${pathname}${search}${hash}`;
  useEffect(() => {
    const loaded = performance.getEntriesByType('navigation')[0]?.name;
    if (!loaded || new URL(loaded).pathname !== pathname) window.location.replace(url);
  }, [pathname, url]);
  return (
    <p style={{ padding: '2rem 1rem' }}>
      Opening your questions… If nothing happens, <a href={url}>open them here</a>.
    </p>
  );
}

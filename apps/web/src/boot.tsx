import { StrictMode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App } from './app/App.tsx';
import { prefetchSignedInPage } from './app/prefetch.ts';
import { showNewVersionNotification } from './app/version-notification.tsx';
import { readLastSession } from './features/auth/lib/last-session.ts';
import { prepareAppLocale } from './i18n/app-messages.ts';
import { analytics } from './lib/analytics.ts';
import { readClientConfig } from './lib/config.ts';
import { createQueryClient } from './lib/query-client.ts';
import { createVersionChecker } from './lib/version-check.ts';

/**
 * Starts the app: config, version checker, analytics, mount. Any error before mounting is
 * written to the console and the app does not mount: a page without its configuration must not
 * half-work. Returns the root, or null.
 */
export function boot(doc: Document = document): Root | null {
  const checker = createVersionChecker({ onNewVersion: () => showNewVersionNotification() });
  try {
    const config = readClientConfig(doc);
    const container = doc.getElementById('root');
    // i18n-ignore: to the console only (below)
    if (!container) throw new Error('Mount point #root is missing');
    checker.start();
    analytics.attach();
    const queryClient = createQueryClient();
    // A returning member's page asks for its data alongside /api/v1/me (app/prefetch.ts).
    prefetchSignedInPage(queryClient, window.location, readLastSession());
    const root = createRoot(container);
    // A transition: the first render yields to the browser between components instead of
    // holding the main thread for one long task, and a screen whose chunk is already loaded
    // (route-preload.js) renders in the same pass instead of after a loader.
    const render = () =>
      startTransition(() => {
        root.render(
          <StrictMode>
            <App config={config} queryClient={queryClient} />
          </StrictMode>,
        );
      });
    // The main app's language (i18n/app-messages.ts): English renders at once; another
    // language's catalogues are fetched first (English stays if they cannot be).
    const locale = prepareAppLocale();
    if (locale) void locale.then(render, render);
    else render();
    return root;
  } catch (err) {
    checker.stop();
    console.error('[tenantry] boot failed; the app was not mounted.', err);
    return null;
  }
}

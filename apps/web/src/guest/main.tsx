/**
 * The guest pages (sign-in, sign-up, shared sign-in, password reset, invitation: the routes with
 * `entry: 'guest'` in the shared route table): their own entry point, outside the main app (no
 * Mantine, router, TanStack Query, zod or Better Auth's client), so that a visitor who is not
 * signed in loads a small page. Budget: 80 KB of gzipped JavaScript
 * (apps/web/src/guest/bundle-size.test.ts).
 */
import type { ClientConfig } from '@tenantry/shared';
import { matchGuestRoute } from '@tenantry/shared/routes';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { readLastSession } from '#web/features/auth/lib/last-session.ts';
import { analytics } from '#web/lib/analytics.ts';
import { createVersionChecker } from '#web/lib/version-check.ts';
import { App, loadSharedSignInPage } from './App.tsx';
import { showNewVersion } from './components/VersionBanner.tsx';
import { fetchMe } from './lib/api.ts';
import { CONFIG_ELEMENT_ID } from './lib/contract.ts';
import './styles.css';

const CONFIG_FIELDS = [
  'profile',
  'apiKey',
  'authDomain',
  'projectId',
  'storageBucket',
  'messagingSenderId',
  'appId',
  'measurementId',
  'region',
] as const satisfies readonly (keyof ClientConfig)[];

/**
 * The client configuration the server writes into the page, checked as the main app checks it
 * (lib/config.ts, without zod): a page without it must not half-work.
 */
function readConfig(doc: Document): void {
  const text = doc.getElementById(CONFIG_ELEMENT_ID)?.textContent;
  // i18n-ignore: logged, not shown (the page is not mounted)
  if (!text) throw new Error(`Client configuration #${CONFIG_ELEMENT_ID} is missing`);
  const raw = JSON.parse(text) as Record<string, unknown> | null;
  const bad = CONFIG_FIELDS.filter((k) => typeof raw?.[k] !== 'string');
  if (bad.length || (raw?.profile !== 'test' && raw?.profile !== 'production'))
    // i18n-ignore: logged, not shown
    throw new Error(`Client configuration is invalid: ${bad.join(', ') || 'profile'}`);
}

const checker = createVersionChecker({ onNewVersion: showNewVersion });
try {
  readConfig(document);
  const container = document.getElementById('root');
  // i18n-ignore: logged, not shown
  if (!container) throw new Error('Mount point #root is missing');
  // Asked before React starts: the answer is on its way while the page renders.
  const me = fetchMe();
  // The shared sign-in's chunk and language, fetched alongside (the other guest pages are
  // English and load neither).
  if (matchGuestRoute(window.location.pathname)?.route.screen === 'sharedSignin')
    void loadSharedSignInPage().then((m) => m.guestTranslator());
  checker.start();
  analytics.attach();
  createRoot(container).render(
    <StrictMode>
      <App env={{ me, waitForMe: readLastSession() !== null }} />
    </StrictMode>,
  );
} catch (err) {
  checker.stop();
  console.error('[tenantry] boot failed; the page was not mounted.', err);
}

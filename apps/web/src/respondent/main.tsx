/**
 * The respondent page (/in-progress/{tid}/{ttid}?token=…): its own entry point, outside the
 * main app (no Mantine, router or TanStack Query), for a person without an account answering on
 * a phone. Budget: 120 KB of gzipped JavaScript (apps/web/src/respondent/bundle-size.test.ts).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, type RespondentEnv } from './App.tsx';
import { flushAll } from './lib/debounce.ts';
import { chooseLocale } from '@tenantry/shared/i18n/locales';
import { browserLanguages, loadTranslator, storedLocale } from '../i18n/page-i18n.tsx';
import { StopReminders } from './components/StopReminders.tsx';
import { I18nProvider, RESPONDENT_CATALOGUES, type RespondentKey } from './lib/i18n.ts';
import { remindersPage, takeToken } from './lib/link.ts';
import { idbQueueStorage, loadStoredToken, memoryQueueStorage, storeToken } from './lib/storage.ts';
import './styles.css';

const opened = takeToken(window);

// The service worker taking control of this page (its first visit), watched from the start so
// that it is not missed while the questions are still loading.
const sw = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
const controlledAtStart = Boolean(sw?.controller);
let tookControl = false;
const onControl = new Set<() => void>();
sw?.addEventListener('controllerchange', () => {
  if (controlledAtStart || tookControl) return;
  tookControl = true;
  for (const fn of onControl) fn();
  onControl.clear();
});

const hasIdb = typeof indexedDB !== 'undefined';

const env: RespondentEnv = {
  link: opened.link,
  token: opened.token,
  tokenFromUrl: opened.fromUrl,
  fetch: (input, init) => window.fetch(input, init),
  queueStorage: (link) => (hasIdb ? idbQueueStorage(link) : memoryQueueStorage()),
  loadToken: (link) => (hasIdb ? loadStoredToken(link) : Promise.resolve(null)),
  saveToken: (link, token) => (hasIdb ? storeToken(link, token) : Promise.resolve()),
  onServiceWorkerControl: (fn) => {
    if (!sw || controlledAtStart) return () => undefined;
    if (tookControl) {
      queueMicrotask(fn);
      return () => undefined;
    }
    onControl.add(fn);
    return () => onControl.delete(fn);
  },
};

// What was typed but not yet queued is queued before the page is hidden or closed.
window.addEventListener('pagehide', flushAll);
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') flushAll();
});

// `/in-progress/{tid}/{ttid}/reminders?token=…`: the e-mails' "Stop reminders" page.
const stopPage = remindersPage(window, opened.token);

// The language: the person's choice on this device, else the browser's (the assessment's, once
// the session is read: App follows it); only that catalogue is fetched.
const locale = chooseLocale({ chosen: storedLocale(), browser: browserLanguages() });
void loadTranslator<RespondentKey>(RESPONDENT_CATALOGUES, locale).then((initial) =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nProvider initial={initial}>
        {stopPage ? (
          <StopReminders token={opened.token} fetch={env.fetch} answerLink={stopPage.answerLink} />
        ) : (
          <App env={env} />
        )}
      </I18nProvider>
    </StrictMode>,
  ),
);

// The service worker (sw/service-worker.ts) keeps the page and the last session for offline
// reloads. Built files only: in `vite dev` the page works online without it.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/in-progress-sw.js', { scope: '/in-progress/' })
      .catch(() => undefined);
  });
}

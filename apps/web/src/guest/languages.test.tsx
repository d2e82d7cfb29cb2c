import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCALES, type Locale } from '@tenantry/shared/i18n/locales';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHOSEN_LOCALE_KEY } from '#web/i18n/page-i18n.tsx';
import { analytics } from '#web/lib/analytics.ts';
import { EMPTY_POSTURE, SHARED, jsonResponse } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';
import { render } from '@testing-library/react';
import { App } from './App.tsx';

/**
 * The shared sign-in page and the shared layout in each language (docs/languages.md): chosen
 * from the browser's languages, else English; the switcher wins and is remembered.
 */
const T = { timeout: 5_000 };

/** What each language says on the shared sign-in, and in the shared layout's header. */
const SAYS: Record<
  Locale,
  {
    title: string;
    intro: RegExp;
    email: string;
    send: string;
    codeSent: RegExp;
    code: string;
    badCode: string;
    sharedBy: string;
    signOut: string;
  }
> = {
  en: {
    title: 'Shared sign-in',
    intro: /^Northwind Consulting shared a client tenant with you\./,
    email: 'E-mail',
    send: 'Send code',
    codeSent: /the code is valid for 10 minutes\.$/,
    code: 'Code',
    badCode: 'The code has 6 digits',
    sharedBy: 'Shared by Northwind Consulting',
    signOut: 'Sign out',
  },
  de: {
    title: 'Geteilte Anmeldung',
    intro: /^Northwind Consulting hat einen Kundenbereich mit Ihnen geteilt\./,
    email: 'E-Mail',
    send: 'Code senden',
    codeSent: /der Code gilt 10 Minuten\.$/,
    code: 'Code',
    badCode: 'Der Code hat 6 Ziffern',
    sharedBy: 'Geteilt von Northwind Consulting',
    signOut: 'Abmelden',
  },
  fr: {
    title: 'Connexion partagée',
    intro: /^Northwind Consulting a partagé un espace client avec vous\./,
    email: 'E-mail',
    send: 'Envoyer le code',
    codeSent: /le code est valable 10 minutes\.$/,
    code: 'Code',
    badCode: 'Le code comporte 6 chiffres',
    sharedBy: 'Partagé par Northwind Consulting',
    signOut: 'Se déconnecter',
  },
  es: {
    title: 'Acceso compartido',
    intro: /^Northwind Consulting ha compartido un espacio de cliente con usted\./,
    email: 'Correo electrónico',
    send: 'Enviar código',
    codeSent: /el código es válido durante 10 minutos\.$/,
    code: 'Código',
    badCode: 'El código tiene 6 dígitos',
    sharedBy: 'Compartido por Northwind Consulting',
    signOut: 'Cerrar sesión',
  },
  nl: {
    title: 'Gedeelde aanmelding',
    intro: /^Northwind Consulting heeft een klantomgeving met u gedeeld\./,
    email: 'E-mail',
    send: 'Code sturen',
    codeSent: /de code is 10 minuten geldig\.$/,
    code: 'Code',
    badCode: 'De code heeft 6 cijfers',
    sharedBy: 'Gedeeld door Northwind Consulting',
    signOut: 'Afmelden',
  },
};

const TAGS: Record<Locale, string[]> = {
  en: ['en-GB', 'en'],
  de: ['de-AT', 'de'],
  fr: ['fr-CA'],
  es: ['es-MX', 'en'],
  nl: ['nl-BE', 'nl'],
};

function browserSpeaks(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? 'en');
}

/** The shared sign-in page of `client7`, by the link of a share (its sharer named). */
function openSharedSignIn() {
  window.history.replaceState(null, '', '/sharedSignin/client7?share=share-1');
  const calls: { url: string; headers: Headers }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), window.location.origin).pathname;
    calls.push({ url: path, headers: new Headers(init?.headers) });
    if (path === '/api/v1/shared-signin/client7/shares/share-1')
      return jsonResponse({ accountName: 'Northwind Consulting', brand: null });
    if (path === '/api/v1/shared-signin/client7/code') return jsonResponse({ sent: true });
    if (path === '/api/v1/analytics/events') return new Response(null, { status: 202 });
    return jsonResponse({ error: { code: 'common.not_found', message: 'No' } }, 404);
  });
  render(<App env={{ me: Promise.resolve(null), waitForMe: false }} />);
  return calls;
}

beforeEach(async () => {
  await analytics.flush();
  window.localStorage.clear();
});
afterEach(async () => {
  await analytics.flush();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.documentElement.lang = 'en';
});

describe('the shared sign-in in each language', () => {
  for (const locale of LOCALES) {
    it(`speaks ${locale} to a browser in ${TAGS[locale].join(', ')}`, async () => {
      browserSpeaks(TAGS[locale]);
      const want = SAYS[locale];
      openSharedSignIn();
      expect(await screen.findByRole('heading', { level: 1, name: want.title }, T)).toBeTruthy();
      expect(await screen.findByText(want.intro, {}, T)).toBeTruthy();
      expect(document.documentElement.lang).toBe(locale);
      await waitFor(() => expect(document.title).toBe(`${want.title} · Tenantry`));
      await userEvent.type(screen.getByLabelText(want.email), 'guest@example.com');
      await userEvent.click(screen.getByRole('button', { name: want.send }));
      expect(await screen.findByText(want.codeSent, {}, T)).toBeTruthy();
      await userEvent.type(screen.getByLabelText(want.code), '123');
      await userEvent.click(screen.getByRole('button', { name: SUBMIT[locale] }));
      expect(await screen.findByText(want.badCode)).toBeTruthy();
    });
  }

  it('falls back to English for a browser in none of the five', async () => {
    browserSpeaks(['it-IT', 'pt']);
    openSharedSignIn();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Shared sign-in' }, T),
    ).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
  });

  it('the switcher wins over the browser and is remembered; a message shown follows it', async () => {
    browserSpeaks(['de-DE']);
    openSharedSignIn();
    await screen.findByRole('heading', { level: 1, name: SAYS.de.title }, T);
    await userEvent.click(screen.getByRole('button', { name: SAYS.de.send }));
    expect(await screen.findByText('Geben Sie eine E-Mail-Adresse ein')).toBeTruthy();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sprache' }), 'fr');
    expect(await screen.findByRole('heading', { level: 1, name: SAYS.fr.title }, T)).toBeTruthy();
    expect(screen.getByText('Saisissez une adresse e-mail')).toBeTruthy();
    expect(window.localStorage.getItem(CHOSEN_LOCALE_KEY)).toBe('fr');
    await waitFor(() => expect(document.documentElement.lang).toBe('fr'));
  });

  it('says a refused code in the page’s language, not the server’s English', async () => {
    browserSpeaks(['nl']);
    window.history.replaceState(null, '', '/sharedSignin/client7');
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const path = new URL(String(input), window.location.origin).pathname;
      if (path.endsWith('/code')) return jsonResponse({ sent: true });
      if (path.endsWith('/verify'))
        return jsonResponse({ error: { code: 'common.validation', message: 'Invalid code' } }, 400);
      return new Response(null, { status: 202 });
    });
    render(<App env={{ me: Promise.resolve(null), waitForMe: false }} />);
    await userEvent.type(await screen.findByLabelText('E-mail', {}, T), 'guest@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Code sturen' }));
    await userEvent.type(await screen.findByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Aanmelden' }));
    expect(
      await screen.findByText(
        'Die code is ongeldig of verlopen. Controleer de e-mail of vraag een nieuwe code aan.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Invalid code')).toBeNull();
  });

  it('the provider’s own sign-in stays English whatever the browser', async () => {
    browserSpeaks(['de-DE']);
    window.history.replaceState(null, '', '/signin');
    vi.stubGlobal('fetch', async () => new Response(null, { status: 202 }));
    render(<App env={{ me: Promise.resolve(null), waitForMe: false }} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' }, T)).toBeTruthy();
  });
});

const SUBMIT: Record<Locale, string> = {
  en: 'Sign in',
  de: 'Anmelden',
  fr: 'Se connecter',
  es: 'Iniciar sesión',
  nl: 'Aanmelden',
};

const SHARED_TENANT = {
  id: 'client7',
  name: 'Acme Shared Ltd',
  industry: null,
  size: null,
  tags: [],
  contacts: [],
  notes: '',
  posture: EMPTY_POSTURE,
  archivedAt: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  latest: null,
  openAssessments: 0,
  openTasks: 0,
  nextTaskDue: null,
  nextAssessmentDue: null,
  access: {
    accountRole: null,
    shareRole: 'viewer',
    accountName: 'Northwind Consulting',
    brand: null,
  },
};
const SHARED_ROUTES = { 'GET /api/v1/tenants/client7': () => jsonResponse(SHARED_TENANT) };

/** The main app's shell around a shared user's tenant (app/layouts/SharedTenantLayout.tsx). */
describe('the shared layout in each language', () => {
  for (const locale of LOCALES) {
    it(`speaks ${locale} in its header and menus`, async () => {
      browserSpeaks(TAGS[locale]);
      renderApp('/tenant/client7', SHARED, { routes: SHARED_ROUTES });
      const want = SAYS[locale];
      await waitFor(
        () => expect(screen.getByTestId('shared-by').textContent).toBe(want.sharedBy),
        T,
      );
      expect(document.documentElement.lang).toBe(locale);
      await userEvent.click(screen.getByRole('button', { name: MENU[locale] }));
      expect(
        await screen.findByRole('menuitem', { name: want.signOut, hidden: true }, T),
      ).toBeTruthy();
    });
  }

  it('its language menu switches the shell and is remembered for the next page', async () => {
    browserSpeaks(['en-GB']);
    renderApp('/tenant/client7', SHARED, { routes: SHARED_ROUTES });
    await waitFor(
      () => expect(screen.getByTestId('shared-by').textContent).toBe(SAYS.en.sharedBy),
      T,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Language' }));
    await userEvent.click(
      await screen.findByRole('menuitem', { name: 'Español', hidden: true }, T),
    );
    await waitFor(() => expect(screen.getByTestId('shared-by').textContent).toBe(SAYS.es.sharedBy));
    expect(window.localStorage.getItem(CHOSEN_LOCALE_KEY)).toBe('es');
    await waitFor(() => expect(document.documentElement.lang).toBe('es'));
  });
});

/** The user menu's button: the initials and name, then "user menu" in the language. */
const MENU: Record<Locale, RegExp> = {
  en: /, user menu$/,
  de: /, Benutzermenü$/,
  fr: /, menu utilisateur$/,
  es: /, menú de usuario$/,
  nl: /, gebruikersmenu$/,
};

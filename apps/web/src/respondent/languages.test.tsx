import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCALES, type Locale } from '@tenantry/shared/i18n/locales';
import { afterEach, describe, expect, it } from 'vitest';
import { App, type RespondentEnv } from './App.tsx';
import type { RespondentSession } from './lib/contract.ts';
import { memoryQueueStorage } from './lib/storage.ts';
import { render } from './test-i18n.tsx';
import { CHOSEN_LOCALE_KEY } from '../i18n/page-i18n.tsx';

const TOKEN = 'rsp_abcdefghijklmnopqrstuvwxyz';

function session(language: Locale | null = null): RespondentSession {
  return {
    accountId: 'acc1',
    tenantId: 'ten1',
    accountName: 'Northwind Security',
    tenantName: 'Contoso Ltd',
    brand: { name: 'Northwind Security', color: null, logoUrl: null },
    assessment: {
      id: 'as1',
      name: 'Q3 baseline',
      status: 'in_progress',
      dueDate: '2026-12-31',
      language,
      frameworkName: 'NIST CSF 2.0',
    },
    respondent: { id: 'r1', name: 'Pat Doe', expiresAt: '2027-01-31T00:00:00Z', submittedAt: null },
    document: {
      sections: [
        {
          key: 'GV',
          title: 'Govern',
          description: '',
          guidance: '',
          weight: 1,
          questions: [
            {
              key: 'GV.1',
              type: 'yes_no',
              title: 'Is there a policy?',
              description: '',
              guidance: '',
              weight: 1,
              tags: [],
              naAllowed: true,
              playbooks: [],
            },
          ],
          sections: [],
        },
      ],
    } as unknown as RespondentSession['document'],
    answers: [],
    carried: {
      previousAssessmentId: null,
      answers: [],
      counts: { toConfirm: 0, confirmed: 0, changed: 0 },
      sections: {},
    },
    lastSeq: 0,
  };
}

function env(s: RespondentSession): RespondentEnv {
  return {
    link: 'ten1/ttid1',
    token: TOKEN,
    tokenFromUrl: false,
    fetch: () => Promise.resolve(Response.json(s)),
    queueStorage: () => memoryQueueStorage(),
    loadToken: () => Promise.resolve(null),
    saveToken: () => Promise.resolve(),
  };
}

/** In each language: the header, the answer options, the status line, the submit section. */
const SAYS: Record<
  Locale,
  { answeringAs: string; yes: string; na: string; submit: string; due: string }
> = {
  en: {
    answeringAs: 'Answering as Pat Doe',
    yes: 'Yes',
    na: 'Not applicable',
    submit: 'Submit my part',
    due: '31 December 2026',
  },
  de: {
    answeringAs: 'Sie antworten als Pat Doe',
    yes: 'Ja',
    na: 'Nicht zutreffend',
    submit: 'Meinen Teil absenden',
    due: '31. Dezember 2026',
  },
  fr: {
    answeringAs: 'Vous répondez en tant que Pat Doe',
    yes: 'Oui',
    na: 'Non applicable',
    submit: 'Envoyer ma partie',
    due: '31 décembre 2026',
  },
  es: {
    answeringAs: 'Responde como Pat Doe',
    yes: 'Sí',
    na: 'No aplicable',
    submit: 'Enviar mi parte',
    due: '31 de diciembre de 2026',
  },
  nl: {
    answeringAs: 'U antwoordt als Pat Doe',
    yes: 'Ja',
    na: 'Niet van toepassing',
    submit: 'Mijn deel indienen',
    due: '31 december 2026',
  },
};

afterEach(() => localStorage.clear());

describe('the respondent page in each language', () => {
  for (const locale of LOCALES) {
    it(`renders in ${locale}`, async () => {
      render(<App env={env(session())} />, { locale });
      const want = SAYS[locale];
      expect(await screen.findByText(want.answeringAs)).toBeTruthy();
      expect(screen.getByRole('radio', { name: want.yes })).toBeTruthy();
      expect(screen.getByRole('checkbox', { name: want.na })).toBeTruthy();
      expect(screen.getByRole('button', { name: want.submit })).toBeTruthy();
      expect(screen.getByText(want.due)).toBeTruthy();
      expect(document.documentElement.lang).toBe(locale);
    });
  }

  it('follows the assessment’s language over the browser’s', async () => {
    render(<App env={env(session('fr'))} />, { locale: 'de' });
    expect(await screen.findByText(SAYS.fr.answeringAs)).toBeTruthy();
  });

  it('the switcher wins over the assessment’s language and is remembered', async () => {
    render(<App env={env(session('fr'))} />, { locale: 'en' });
    await screen.findByText(SAYS.fr.answeringAs);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Langue' }), 'es');
    expect(await screen.findByText(SAYS.es.answeringAs)).toBeTruthy();
    expect(localStorage.getItem(CHOSEN_LOCALE_KEY)).toBe('es');
    await waitFor(() => expect(document.documentElement.lang).toBe('es'));
  });

  it('keeps the choice on the server (the e-mails follow it), and sends a remembered one with the session read', async () => {
    const calls: { method: string; url: string; headers: Headers; body: unknown }[] = [];
    const fetchFn: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
      calls.push({ method: init?.method ?? 'GET', url: String(input), headers, body });
      if (String(input).endsWith('/respond/locale'))
        return Promise.resolve(new Response(null, { status: 204 }));
      return Promise.resolve(Response.json(session()));
    };
    const first = render(<App env={{ ...env(session()), fetch: fetchFn }} />, { locale: 'en' });
    await screen.findByText(SAYS.en.answeringAs);
    // Nothing chosen yet: the browser's own Accept-Language goes (none set by the page).
    expect(calls[0]?.headers.get('accept-language')).toBeNull();
    expect(calls.some((c) => c.url.endsWith('/respond/locale'))).toBe(false);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'nl');
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/respond/locale'))).toMatchObject({
        method: 'PUT',
        body: { locale: 'nl' },
      }),
    );
    const put = calls.find((c) => c.url.endsWith('/respond/locale'))!;
    expect(put.headers.get('x-respondent-token')).toBe(TOKEN);
    first.unmount();

    // Opened again on this device: the remembered choice is the session read's language.
    calls.length = 0;
    render(<App env={{ ...env(session()), fetch: fetchFn }} />, { locale: 'nl' });
    await screen.findByText(SAYS.nl.answeringAs);
    expect(calls[0]?.url).toMatch(/\/api\/v1\/respond$/);
    expect(calls[0]?.headers.get('accept-language')).toBe('nl');
    // Said once already: not again.
    expect(calls.some((c) => c.url.endsWith('/respond/locale'))).toBe(false);
  });

  it('says a refusal of the server by its code in the page’s language', async () => {
    const fetchFn: typeof fetch = (_input, init) =>
      Promise.resolve(
        init?.method === 'PUT'
          ? Response.json(
              {
                error: {
                  code: 'assessments.invalid_answer',
                  message: 'value: must be yes, partial or no',
                  requestId: 'x',
                },
              },
              { status: 400 },
            )
          : Response.json(session()),
      );
    render(<App env={{ ...env(session()), fetch: fetchFn }} />, { locale: 'de' });
    await screen.findByText(SAYS.de.answeringAs);
    await userEvent.click(screen.getByRole('radio', { name: 'Ja' }));
    expect(
      await screen.findByText('Nicht gespeichert: die Antwort passt nicht zur Frage.'),
    ).toBeTruthy();
    expect(screen.queryByText(/must be yes/)).toBeNull();
  });
});

/** A framework with German texts for some items (and none in French). */
function translatedSession(): RespondentSession {
  const s = session();
  s.document = {
    format: 'tenantry.framework/1',
    key: 'hygiene',
    name: 'Hygiene check',
    summary: '',
    description: '',
    tags: [],
    source: { publisher: '', url: '', license: '' },
    translations: { de: { name: 'Hygiene-Check' } },
    sections: [
      {
        key: 'ID',
        title: 'Identity',
        description: 'Who signs in.',
        guidance: '',
        weight: 1,
        tags: [],
        translations: { de: { title: 'Identität' } },
        questions: [
          {
            key: 'ID.1',
            type: 'single_choice',
            title: 'How is remote access protected?',
            description: '',
            guidance: '',
            weight: 1,
            tags: [],
            naAllowed: false,
            playbooks: [],
            options: [
              { key: 'pw', label: 'Password only', score: 0 },
              { key: 'mfa', label: 'With MFA', score: 1 },
            ],
            translations: {
              de: { title: 'Wie ist der Fernzugriff geschützt?', options: { mfa: 'Mit MFA' } },
            },
          },
          {
            key: 'ID.2',
            type: 'maturity',
            title: 'How mature is access review?',
            description: '',
            guidance: '',
            weight: 1,
            tags: [],
            naAllowed: false,
            playbooks: [],
            levels: ['L0', 'L1', 'L2', 'L3', 'L4', 'L5'],
          },
        ],
        sections: [],
      },
    ],
  };
  s.assessment.frameworkName = 'Hygiene check';
  return s;
}

describe('the framework’s own texts', () => {
  it('shows German where the framework has it and English otherwise', async () => {
    render(<App env={env(translatedSession())} />, { locale: 'de' });
    expect(
      await screen.findByRole('heading', { name: `ID.1 Wie ist der Fernzugriff geschützt?` }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Identität' })).toBeTruthy();
    expect(screen.getByText(/^Hygiene-Check/)).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Mit MFA' })).toBeTruthy();
    // No German for these: the English text.
    expect(screen.getByRole('radio', { name: 'Password only' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: `ID.2 How mature is access review?` })).toBeTruthy();
    expect(screen.getByText('Who signs in.')).toBeTruthy();
  });

  it('shows English in a language the framework lacks, and follows the switcher', async () => {
    render(<App env={env(translatedSession())} />, { locale: 'fr' });
    expect(
      await screen.findByRole('heading', { name: `ID.1 How is remote access protected?` }),
    ).toBeTruthy();
    expect(screen.getByText(/^Hygiene check/)).toBeTruthy();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Langue' }), 'de');
    expect(
      await screen.findByRole('heading', { name: `ID.1 Wie ist der Fernzugriff geschützt?` }),
    ).toBeTruthy();
  });
});

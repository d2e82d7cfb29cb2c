import { LOCALES, type Locale } from '@tenantry/shared';
import { describe, expect, it } from 'vitest';
import { respondentReminderEmail } from '../../modules/assessments/reminders/reminders.emails.ts';
import { respondentLinkEmail } from '../../modules/assessments/respondents/respondents.emails.ts';
import {
  shareInvitationEmail,
  sharedSignInCodeEmail,
} from '../../modules/sharing/sharing.emails.ts';

/** What each language's e-mails must say (from the `emails` catalogue, with Intl's dates). */
const EXPECTED: Record<
  Locale,
  { greeting: string; button: string; until: string; due: string; code: string }
> = {
  en: {
    greeting: 'Hello Ana,',
    button: 'Answer the questions',
    until: '10 January 2031',
    due: 'is due on 5 December 2030',
    code: 'Your Tenantry sign-in code: 123456',
  },
  de: {
    greeting: 'Guten Tag Ana,',
    button: 'Fragen beantworten',
    until: '10. Januar 2031',
    due: 'ist am 5. Dezember 2030 fällig',
    code: 'Ihr Tenantry-Anmeldecode: 123456',
  },
  fr: {
    greeting: 'Bonjour Ana,',
    button: 'Répondre aux questions',
    until: '10 janvier 2031',
    due: 'est à rendre le 5 décembre 2030',
    code: 'Votre code de connexion Tenantry\u00a0: 123456',
  },
  es: {
    greeting: 'Hola, Ana:',
    button: 'Responder a las preguntas',
    until: '10 de enero de 2031',
    due: 'vence el 5 de diciembre de 2030',
    code: 'Su código de inicio de sesión de Tenantry: 123456',
  },
  nl: {
    greeting: 'Beste Ana,',
    button: 'Vragen beantwoorden',
    until: '10 januari 2031',
    due: 'moet op 5 december 2030 klaar zijn',
    code: 'Uw Tenantry-aanmeldcode: 123456',
  },
};

const names = {
  to: 'ana@client.example',
  name: 'Ana',
  link: 'https://app.example/in-progress/t/x?token=abc',
  stopLink: 'https://app.example/in-progress/t/x/reminders?token=abc',
  expiresAt: new Date('2031-01-10T12:00:00Z'),
  assessmentName: 'Hygiene Q1',
  tenantName: 'Client Ltd',
  accountName: 'Acme MSP',
  brand: null,
};

describe('client e-mails in each language', () => {
  for (const locale of LOCALES) {
    const want = EXPECTED[locale];
    it(`${locale}: invitation, reminder, share notice and sign-in code`, () => {
      const invitation = respondentLinkEmail({ ...names, sentBy: 'Sam', locale });
      expect(invitation.text).toContain(want.greeting);
      expect(invitation.text).toContain(`${want.button}: ${names.link}`);
      expect(invitation.text).toContain(want.until);
      expect(invitation.subject).toContain('Hygiene Q1');
      expect(invitation.html).toContain(names.stopLink);

      const reminder = respondentReminderEmail({
        ...names,
        kind: 'reminder',
        dueDate: '2030-12-05',
        day: '2030-12-01',
        answered: 0,
        total: 3,
        locale,
      });
      expect(reminder.subject).toContain(want.due);
      expect(reminder.text).toContain(want.greeting);
      expect(reminder.text).toMatch(/\b3\b/);

      const share = shareInvitationEmail({
        to: names.to,
        sharedBy: 'Sam',
        accountName: 'Acme MSP',
        tenantId: 't1',
        shareId: 's1',
        tenantName: 'Client Ltd',
        role: 'viewer',
        publicUrl: 'https://app.example',
        brand: null,
        locale,
      });
      expect(share.subject).toContain('Client Ltd');
      expect(share.text).toContain('https://app.example/');

      const code = sharedSignInCodeEmail(
        names.to,
        '123456',
        { accountId: 'a1', tenantId: 't1', tenantName: 'Client Ltd', accountName: 'Acme MSP' },
        'https://app.example',
        null,
        locale,
      );
      expect(code.subject).toBe(want.code);
      expect(code.text).toContain('123456');
    });
  }

  it('English unless told otherwise, and the languages differ', () => {
    const plain = respondentLinkEmail({ ...names, sentBy: 'Sam' });
    expect(plain.subject).toBe('Sam asks for your answers: Hygiene Q1');
    const subjects = new Set(
      LOCALES.map((locale) => respondentLinkEmail({ ...names, sentBy: 'Sam', locale }).subject),
    );
    expect(subjects.size).toBe(LOCALES.length);
  });

  it('counts with the language’s plurals', () => {
    const waiting = (total: number, locale: Locale) =>
      respondentReminderEmail({
        ...names,
        kind: 'nudge',
        dueDate: null,
        day: '2030-12-01',
        answered: 0,
        total,
        locale,
      }).text;
    expect(waiting(1, 'de')).toContain('1 Frage wartet auf Ihre Antwort.');
    expect(waiting(4, 'de')).toContain('4 Fragen warten auf Ihre Antworten.');
    expect(waiting(1, 'en')).toContain('1 question is waiting for your answers.');
  });
});

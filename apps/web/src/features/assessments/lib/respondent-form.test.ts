import { describe, expect, it } from 'vitest';
import { DOC } from '../test/fixtures.ts';
import {
  EMPTY_RESPONDENT_FORM,
  endOfDay,
  respondentActions,
  respondentFormErrors,
  sectionChoices,
  toRespondentBody,
} from './respondent-form.ts';

describe('adding a respondent', () => {
  it('sends the whole assessment without sections, and the expiry as the end of that day', () => {
    expect(
      toRespondentBody({ ...EMPTY_RESPONDENT_FORM, name: ' Ada ', email: 'ada@client.test' }),
    ).toEqual({ name: 'Ada', email: 'ada@client.test', sections: null, sendEmail: true });
    const body = toRespondentBody({
      name: 'Ada',
      email: 'ada@client.test',
      sections: ['data'],
      expiresOn: '2026-05-31',
      sendEmail: false,
    });
    expect(body.sections).toEqual(['data']);
    expect(body.sendEmail).toBe(false);
    expect(new Date(body.expiresAt!).getDate()).toBe(31);
    expect(endOfDay('31/05/2026')).toBeUndefined();
  });

  it('checks name, e-mail and expiry', () => {
    expect(respondentFormErrors(EMPTY_RESPONDENT_FORM, '2026-03-01')).toMatchObject({
      name: 'Give the respondent’s name.',
      email: 'Enter a valid e-mail address.',
    });
    expect(
      respondentFormErrors(
        {
          ...EMPTY_RESPONDENT_FORM,
          name: 'Ada',
          email: 'ada@client.test',
          expiresOn: '2026-02-01',
        },
        '2026-03-01',
      ),
    ).toEqual({ expiresOn: 'Choose a day from today on.' });
  });

  it('offers every section, nested ones marked', () => {
    expect(sectionChoices(DOC.sections).map((c) => c.label)).toEqual([
      'identity Identity',
      '— identity.admin Admins',
      'data Data',
    ]);
  });

  it('lets a link be replaced while the assessment is open, and revoked once', () => {
    expect(respondentActions({ status: 'answering' }, false)).toEqual({
      resend: true,
      revoke: true,
    });
    expect(respondentActions({ status: 'expired' }, false)).toEqual({ resend: true, revoke: true });
    expect(respondentActions({ status: 'answering' }, true)).toEqual({
      resend: false,
      revoke: true,
    });
    expect(respondentActions({ status: 'submitted' }, false)).toEqual({
      resend: false,
      revoke: true,
    });
    expect(respondentActions({ status: 'revoked' }, false)).toEqual({
      resend: true,
      revoke: false,
    });
  });
});

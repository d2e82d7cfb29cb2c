import { describe, expect, it } from 'vitest';
import { APP_LOCALES, appLocale, appMessages, prepareAppLocale } from './app-messages.ts';
import { compileCatalogue } from '@tenantry/shared/i18n/compile';

describe('the main app’s messages', () => {
  it('formats an area’s message with its values and plurals', () => {
    const en = compileCatalogue({
      hello: 'Hello {name}',
      gaps: '{count, plural, one {# gap} other {# gaps}}',
    }) as unknown as { hello: string; gaps: string };
    const t = appMessages('test-area', en);
    expect(t('hello', { name: 'Ada' })).toBe('Hello Ada');
    expect(t('gaps', { count: 1 })).toBe('1 gap');
    expect(t('gaps', { count: 3 })).toBe('3 gaps');
  });

  it('stays English while no other language has every area’s catalogue', () => {
    expect(APP_LOCALES).toEqual(['en']);
    expect(prepareAppLocale('de', ['de-DE', 'fr'])).toBeNull();
    expect(appLocale()).toBe('en');
  });
});

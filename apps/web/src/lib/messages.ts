import en from '#web/i18n/catalogues/lib/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The shared library's words (docs/languages.md, "The main app"). */
export const t = appMessages('lib', en);

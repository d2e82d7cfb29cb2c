import en from '#web/i18n/catalogues/library/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The library's words (docs/languages.md, "The main app"). */
export const t = appMessages('library', en);

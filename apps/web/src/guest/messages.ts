import en from '#web/i18n/catalogues/public-pages/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The provider's own guest pages' words (docs/languages.md, "The main app"). */
export const t = appMessages('public-pages', en);

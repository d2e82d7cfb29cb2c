import en from '#web/i18n/catalogues/roadmap/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The roadmap's words (docs/languages.md, "The main app"). */
export const t = appMessages('roadmap', en);

import en from '#web/i18n/catalogues/evidence/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The evidence library's words (docs/languages.md, "The main app"). */
export const t = appMessages('evidence', en);

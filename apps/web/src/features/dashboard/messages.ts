import en from '#web/i18n/catalogues/dashboard/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The dashboard's words (docs/languages.md, "The main app"). */
export const t = appMessages('dashboard', en);

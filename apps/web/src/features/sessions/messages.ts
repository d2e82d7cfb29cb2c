import en from '#web/i18n/catalogues/sessions/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The sessions' words (docs/languages.md, "The main app"). */
export const t = appMessages('sessions', en);

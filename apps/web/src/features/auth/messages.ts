import en from '#web/i18n/catalogues/auth/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The auth area's words (docs/languages.md, "The main app"). */
export const t = appMessages('auth', en);

import en from '#web/i18n/catalogues/identity/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The second factors' words (docs/languages.md, "The main app"). */
export const t = appMessages('identity', en);

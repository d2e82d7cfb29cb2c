import en from '#web/i18n/catalogues/api-keys/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The API keys' words (docs/languages.md, "The main app"). */
export const t = appMessages('api-keys', en);

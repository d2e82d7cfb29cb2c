import en from '#web/i18n/catalogues/api-reference/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The API reference's words (docs/languages.md, "The main app"). */
export const t = appMessages('api-reference', en);

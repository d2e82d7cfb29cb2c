import en from '#web/i18n/catalogues/across-clients/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The across-clients screen's words (docs/languages.md, "The main app"). */
export const t = appMessages('across-clients', en);

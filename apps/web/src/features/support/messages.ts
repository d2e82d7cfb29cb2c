import en from '#web/i18n/catalogues/support/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The support desk's and the support queue's words (docs/languages.md, "The main app"). */
export const t = appMessages('support', en);

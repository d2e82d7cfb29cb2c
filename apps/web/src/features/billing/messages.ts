import en from '#web/i18n/catalogues/billing/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The billing tab's words (docs/languages.md, "The main app"). */
export const t = appMessages('billing', en);

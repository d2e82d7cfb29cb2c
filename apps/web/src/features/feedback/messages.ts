import en from '#web/i18n/catalogues/feedback/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The feedback button's and the feedback list's words (docs/languages.md, "The main app"). */
export const t = appMessages('feedback', en);

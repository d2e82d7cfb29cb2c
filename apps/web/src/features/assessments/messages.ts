import en from '#web/i18n/catalogues/assessments/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The assessments' words (docs/languages.md, "The main app"). */
export const t = appMessages('assessments', en);

import en from '#web/i18n/catalogues/baseline/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The baseline comparison's words (docs/languages.md, "The main app"). */
export const t = appMessages('baseline', en);

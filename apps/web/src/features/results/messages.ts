import en from '#web/i18n/catalogues/results/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The results screen's words (docs/languages.md, "The main app"). */
export const t = appMessages('results', en);

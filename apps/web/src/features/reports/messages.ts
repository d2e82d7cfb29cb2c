import en from '#web/i18n/catalogues/reports/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The PDF report's and the evidence pack's words (docs/languages.md, "The main app"). */
export const t = appMessages('reports', en);

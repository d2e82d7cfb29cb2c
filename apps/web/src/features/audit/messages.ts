import en from '#web/i18n/catalogues/audit/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The audit log's words (docs/languages.md, "The main app"). */
export const t = appMessages('audit', en);

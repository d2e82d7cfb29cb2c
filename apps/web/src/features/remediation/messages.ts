import en from '#web/i18n/catalogues/remediation/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The remediation tasks' words (docs/languages.md, "The main app"). */
export const t = appMessages('remediation', en);

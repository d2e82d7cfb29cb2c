import en from '#web/i18n/catalogues/sharing/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The sharing screens' words (docs/languages.md, "The main app"). */
export const t = appMessages('sharing', en);

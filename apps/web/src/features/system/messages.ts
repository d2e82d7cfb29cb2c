import en from '#web/i18n/catalogues/system/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The system developer's screens' words (docs/languages.md, "The main app"). */
export const t = appMessages('system', en);

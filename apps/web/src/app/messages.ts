import en from '#web/i18n/catalogues/app/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The shell's, layouts' and route screens' words (docs/languages.md, "The main app"). */
export const t = appMessages('app', en);

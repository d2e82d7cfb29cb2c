import en from '#web/i18n/catalogues/frameworks/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The framework editor's words (docs/languages.md, "The main app"). */
export const t = appMessages('frameworks', en);

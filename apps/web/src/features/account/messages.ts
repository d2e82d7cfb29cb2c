import en from '#web/i18n/catalogues/account/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The account settings' words (docs/languages.md, "The main app"). */
export const t = appMessages('account', en);

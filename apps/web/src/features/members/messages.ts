import en from '#web/i18n/catalogues/members/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The members' words (docs/languages.md, "The main app"). */
export const t = appMessages('members', en);

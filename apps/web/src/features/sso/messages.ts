import en from '#web/i18n/catalogues/sso/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** Single sign-on's words (docs/languages.md, "The main app"). */
export const t = appMessages('sso', en);

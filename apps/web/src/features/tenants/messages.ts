import en from '#web/i18n/catalogues/tenants/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The client tenants' screens' words (docs/languages.md, "The main app"). */
export const t = appMessages('tenants', en);

import en from '#web/i18n/catalogues/webhooks/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The webhooks' words (docs/languages.md, "The main app"). */
export const t = appMessages('webhooks', en);

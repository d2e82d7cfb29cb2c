import en from '#web/i18n/catalogues/service-console/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The service console's words (docs/languages.md, "The main app"). */
export const t = appMessages('service-console', en);

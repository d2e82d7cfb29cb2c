import en from '#web/i18n/catalogues/onboarding/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The getting-started checklist's words (docs/languages.md, "The main app"). */
export const t = appMessages('onboarding', en);

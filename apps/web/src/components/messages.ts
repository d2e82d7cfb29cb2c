import en from '#web/i18n/catalogues/components/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The shared components' words (docs/languages.md, "The main app"). */
export const t = appMessages('components', en);

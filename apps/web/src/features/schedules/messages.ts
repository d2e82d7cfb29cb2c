import en from '#web/i18n/catalogues/schedules/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The schedules' words (docs/languages.md, "The main app"). */
export const t = appMessages('schedules', en);

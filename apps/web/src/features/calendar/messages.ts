import en from '#web/i18n/catalogues/calendar/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The calendar feed's words (docs/languages.md, "The main app"). */
export const t = appMessages('calendar', en);

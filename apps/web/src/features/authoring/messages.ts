import en from '#web/i18n/catalogues/authoring/en.json';
import { appMessages } from '#web/i18n/app-messages.ts';

/** The content authors' words: playbooks, articles, images (docs/languages.md, "The main app"). */
export const t = appMessages('authoring', en);

import type { ContentScope } from '@tenantry/shared';
import { t } from '../messages.ts';

// Getters: each word is read where it is shown, in the language chosen at boot.

/** A scope in a word, as authors see it (badges, the framework's scope choice, filters). */
export const SCOPE_LABELS: Record<ContentScope, string> = {
  get global() {
    return t('scope.global');
  },
  get private() {
    return t('scope.private');
  },
};

/** A scope as readers see it (explore, the images of content): private is their account's. */
export const SCOPE_READER_LABELS: Record<ContentScope, string> = {
  get global() {
    return t('scope.reader.global');
  },
  get private() {
    return t('scope.reader.private');
  },
};

/** Who reads a new playbook or article of the scope ("Who reads it"). */
export const SCOPE_AUDIENCES: Record<ContentScope, string> = {
  get private() {
    return t('scope.audience.private');
  },
  get global() {
    return t('scope.audience.global');
  },
};

/** Who reads a framework of the scope once it is published. */
export const SCOPE_HINTS: Record<ContentScope, string> = {
  get global() {
    return t('scope.hint.global');
  },
  get private() {
    return t('scope.hint.private');
  },
};

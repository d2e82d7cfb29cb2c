import type { ContentScope } from '@tenantry/shared';

/** A scope in a word, as authors see it (badges, the framework's scope choice, filters). */
export const SCOPE_LABELS: Record<ContentScope, string> = {
  global: 'Global',
  private: 'Private',
};

/** A scope as readers see it (explore, the images of content): private is their account's. */
export const SCOPE_READER_LABELS: Record<ContentScope, string> = {
  global: 'Global',
  private: 'Your account',
};

/** Who reads a new playbook or article of the scope ("Who reads it"). */
export const SCOPE_AUDIENCES: Record<ContentScope, string> = {
  private: 'Private (your account)',
  global: 'Global (every account)',
};

/** Who reads a framework of the scope once it is published. */
export const SCOPE_HINTS: Record<ContentScope, string> = {
  global: 'Every account can use it once published.',
  private: 'Only your account can use it once published.',
};

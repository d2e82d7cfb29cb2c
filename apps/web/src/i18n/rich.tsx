/**
 * Elements inside a translated message (docs/languages.md), apart from the runtime: a page that
 * loads its translations lazily can still import this at once.
 */
import { Fragment, type ReactNode } from 'react';
import type { Values } from '@tenantry/shared/i18n/translator';

/**
 * A message with elements in it: `rich(t, 'header.due', { date: <time…/> })`. Each element
 * takes its placeholder's place, wherever the language puts it.
 */
export function rich<K extends string>(
  t: (key: K, values?: Values) => string,
  key: K,
  values: Values,
  elements: Record<string, ReactNode>,
): ReactNode {
  const marked: Values = { ...values };
  for (const name of Object.keys(elements)) marked[name] = `\u0000${name}\u0000`;
  return t(key, marked)
    .split('\u0000')
    .map((part, i) => (
      <Fragment key={i}>{i % 2 === 1 && part in elements ? elements[part] : part}</Fragment>
    ));
}

import { Anchor, Text, type TextProps } from '@mantine/core';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';

/**
 * A long unbroken name (200 characters, no spaces) may break anywhere instead of widening its
 * table, card or header. For a heading or other element that is not a NameText.
 */
export const NAME_WRAP: CSSProperties = { overflowWrap: 'anywhere', minWidth: 0 };

interface NameTextProps extends Omit<TextProps, 'children' | 'lineClamp' | 'truncate'> {
  /** The name as the person typed it: shown whole on hover and to screen readers. */
  name: string;
  /** Lines shown before the rest is cut with an ellipsis (`1` truncates on one line). */
  lines?: number;
  /** Renders the name as a link to this path. */
  to?: string;
  /** The element when not a link (default `span`, so it sits inside any text). */
  component?: 'span' | 'p' | 'div' | 'strong';
  id?: string;
}

/**
 * The one way a name (client tenant, member, account, person, e-mail address) is shown in a
 * list, table, card, header or menu: it wraps anywhere, is cut after `lines` lines, and shows
 * in full on hover (`title`). A name never widens the page.
 */
export function NameText({
  name,
  lines = 2,
  to,
  component = 'span',
  style,
  ...rest
}: NameTextProps) {
  const common = { title: name, lineClamp: lines, style: [NAME_WRAP, style], ...rest };
  if (to !== undefined) {
    return (
      <Anchor component={Link} to={to} {...common}>
        {name}
      </Anchor>
    );
  }
  return (
    <Text component={component} {...common}>
      {name}
    </Text>
  );
}

import { useMemo } from 'react';
import { markdownToHtml } from '../lib/markdown.ts';

/** Description or guidance text (markdown, rendered safely: see lib/markdown.ts). */
export function Markdown({ text, className }: { text: string; className?: string }) {
  const html = useMemo(() => markdownToHtml(text), [text]);
  if (!html) return null;
  return (
    <div
      className={className ? `md ${className}` : 'md'}
      // micromark escapes raw HTML and drops dangerous URLs; markdownToHtml checks the rest.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

import { useMemo, useState } from 'react';
import { useI18n } from '../lib/i18n.ts';
import { markdownToHtml, plainParagraphs } from '../lib/markdown.ts';

/** Description or guidance text (markdown, rendered safely: see lib/markdown.ts). */
export function Markdown({ text, className }: { text: string; className?: string }) {
  const plain = useMemo(() => plainParagraphs(text), [text]);
  const html = useMemo(() => (plain ? '' : markdownToHtml(text)), [plain, text]);
  const classes = className ? `md ${className}` : 'md';
  if (plain) {
    if (plain.length === 0) return null;
    return (
      <div className={classes}>
        {plain.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
    );
  }
  if (!html) return null;
  return (
    <div
      className={classes}
      // micromark escapes raw HTML and drops dangerous URLs; markdownToHtml checks the rest.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/**
 * Guidance folded away: its text is rendered the first time it is opened, so a long
 * questionnaire does not parse every guidance text before it can be answered.
 */
export function Guidance({ text }: { text: string }) {
  const { t } = useI18n();
  const [opened, setOpened] = useState(false);
  if (!text.trim()) return null;
  return (
    <details className="guidance" onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary>{t('q.guidance')}</summary>
      {opened && <Markdown text={text} />}
    </details>
  );
}

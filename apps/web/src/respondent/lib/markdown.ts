import { micromark } from 'micromark';
import { gfmStrikethrough, gfmStrikethroughHtml } from 'micromark-extension-gfm-strikethrough';
import { gfmTable, gfmTableHtml } from 'micromark-extension-gfm-table';
import { gfmTaskListItem, gfmTaskListItemHtml } from 'micromark-extension-gfm-task-list-item';
import {
  gfmAutolinkLiteral,
  gfmAutolinkLiteralHtml,
} from 'micromark-extension-gfm-autolink-literal';

/**
 * A question's description and guidance (markdown) as HTML, with micromark: the parser the main
 * app's renderer (react-markdown) is built on, here without a syntax tree or React components,
 * which keeps the page within its budget. It is safe by default: raw HTML in the text is shown
 * as text, not markup, and a link or image URL with a dangerous protocol (javascript:, data:…)
 * is dropped. GitHub's tables, task lists, strikethrough and bare links are read as the main
 * app reads them (footnotes are left out: guidance has none).
 *
 * Then, as the main app does (components/markdown): a link to another site opens in a new tab
 * without opener or referrer, and only this app's stored images (/api/v1/media/…) are shown; any
 * other image becomes a link to it, so opening the page fetches nothing from elsewhere.
 */

const MEDIA_PATH_PREFIX = '/api/v1/media/';

const OPTIONS = {
  extensions: [gfmTable(), gfmStrikethrough(), gfmTaskListItem(), gfmAutolinkLiteral()],
  htmlExtensions: [
    gfmTableHtml(),
    gfmStrikethroughHtml(),
    gfmTaskListItemHtml(),
    gfmAutolinkLiteralHtml(),
  ],
};

export function markdownToHtml(markdown: string, origin = window.location.origin): string {
  if (!markdown.trim()) return '';
  const template = document.createElement('template');
  template.innerHTML = micromark(markdown, OPTIONS);
  const root = template.content;
  for (const a of root.querySelectorAll('a')) {
    const href = a.getAttribute('href') ?? '';
    if (!href) continue;
    const url = parse(href, origin);
    if (url && url.origin !== origin && url.protocol !== 'mailto:') {
      a.setAttribute('target', '_blank');
      a.setAttribute('rel', 'noopener noreferrer');
    }
  }
  for (const img of root.querySelectorAll('img')) {
    const src = img.getAttribute('src') ?? '';
    const url = parse(src, origin);
    if (url && url.origin === origin && url.pathname.startsWith(MEDIA_PATH_PREFIX)) {
      img.setAttribute('loading', 'lazy');
      img.setAttribute('decoding', 'async');
      continue;
    }
    const alt = img.getAttribute('alt');
    const label = alt ? `Image: ${alt}` : 'Image';
    const replacement = document.createElement(src ? 'a' : 'span');
    replacement.textContent = label;
    if (src && url) {
      replacement.setAttribute('href', src);
      replacement.setAttribute('target', '_blank');
      replacement.setAttribute('rel', 'noopener noreferrer');
    }
    img.replaceWith(replacement);
  }
  // A wide table scrolls sideways instead of widening the page.
  for (const table of root.querySelectorAll('table')) {
    const wrap = document.createElement('div');
    wrap.className = 'md-table';
    table.replaceWith(wrap);
    wrap.append(table);
  }
  return template.innerHTML;
}

function parse(url: string, origin: string): URL | null {
  try {
    return new URL(url, origin);
  } catch {
    return null;
  }
}

/**
 * Characters and line starts that can make markdown of a text (emphasis, code, links, HTML,
 * entities, headings, tables, quotes, lists, rules, bare links and addresses, hard breaks).
 */
const MARKUP =
  /[\\`*_[\]<>#|~!&@]|www\.|:\/\/| {2}\n|^ {0,3}(?:[-+=>]|\d{1,9}[.)])|^ {4}|^ {0,3}\t/m;

/**
 * The paragraphs of a text with no markdown in it (most descriptions are plain sentences), or
 * null when it may have some: micromark is then needed. Shown as text, it renders exactly as
 * micromark would render it, without parsing each one (a long questionnaire has hundreds).
 */
export function plainParagraphs(markdown: string): string[] | null {
  if (MARKUP.test(markdown)) return null;
  return markdown
    .split(/\n[ \t]*\n/)
    .map((p) =>
      p
        .split('\n')
        .map((line) => line.trim())
        .join('\n')
        .trim(),
    )
    .filter((p) => p !== '');
}

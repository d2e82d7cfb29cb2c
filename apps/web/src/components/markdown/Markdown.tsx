import { Anchor, Box, Typography, type BoxProps, type MantineFontSize } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';
import { Link } from 'react-router';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { internalPath, isMediaImage, linkKind, safeUrl } from './markdown-urls.ts';
import { t } from '../messages.ts';

const EXTERNAL = { target: '_blank', rel: 'noopener noreferrer' } as const;

type AnchorProps = ComponentPropsWithoutRef<'a'> & ExtraProps;

function MarkdownLink({ href, children, node: _node, ...rest }: AnchorProps) {
  // safeUrl has already emptied a URL that may not appear (javascript:, data:…).
  if (!href) return <span>{children}</span>;
  const kind = linkKind(href);
  if (kind === 'internal') {
    return (
      <Anchor component={Link} to={internalPath(href)} {...rest}>
        {children}
      </Anchor>
    );
  }
  return (
    <Anchor href={href} {...rest} {...(kind === 'external' ? EXTERNAL : {})}>
      {children}
    </Anchor>
  );
}

type ImgProps = ComponentPropsWithoutRef<'img'> & ExtraProps;

/** Only this app's stored images load; any other image is a link to it (nothing fetched). */
function MarkdownImage({ src, alt, title }: ImgProps) {
  const url = typeof src === 'string' ? src : '';
  if (url && isMediaImage(url)) {
    return <img src={url} alt={alt ?? ''} title={title} loading="lazy" decoding="async" />;
  }
  const label = alt ? t('markdown.image.alt', { alt }) : t('markdown.image');
  if (!url) return <span>{label}</span>;
  return (
    <Anchor href={url} {...(linkKind(url) === 'external' ? EXTERNAL : {})}>
      {label}
    </Anchor>
  );
}

/** A wide table scrolls sideways instead of widening the page (a phone is 375 px). */
function MarkdownTable({ node: _node, ...props }: ComponentPropsWithoutRef<'table'> & ExtraProps) {
  return (
    <Box style={{ overflowX: 'auto' }} mb="lg">
      <table {...props} />
    </Box>
  );
}

const COMPONENTS: Components = { a: MarkdownLink, img: MarkdownImage, table: MarkdownTable };
const REMARK = [remarkGfm];
const REHYPE = [rehypeSanitize];
const transformUrl = (url: string) => safeUrl(url);

export interface MarkdownProps extends Omit<BoxProps, 'children'> {
  /** The markdown text (GitHub flavoured: tables, task lists, strikethrough, autolinks). */
  children: string;
  /** The text size (`sm` beside other small text); the theme's default otherwise. */
  size?: MantineFontSize;
}

/**
 * THE markdown renderer of the app: GitHub-flavoured markdown with Mantine's typography. Raw
 * HTML in the text is dropped (never rendered), the tree is sanitized, links keep only http(s),
 * mailto and same-origin URLs (other sites open in a new tab without opener or referrer), and
 * only this app's stored images (`/api/v1/media/…`) are shown; any other image is a link.
 */
export function Markdown({ children, size, ...box }: MarkdownProps) {
  return (
    <Typography fz={size} {...box}>
      <ReactMarkdown
        skipHtml
        remarkPlugins={REMARK}
        rehypePlugins={REHYPE}
        urlTransform={transformUrl}
        components={COMPONENTS}
      >
        {children}
      </ReactMarkdown>
    </Typography>
  );
}

import { Anchor } from '@mantine/core';
import { Fragment } from 'react';

const URL_RE = /(https?:\/\/[^\s<>"')\]]+)/g;

/** Plain text with its http(s) links clickable. Never renders HTML. */
export function LinkifiedText({ text }: { text: string }) {
  const parts = text.split(URL_RE);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <Anchor key={i} href={part} rel="noreferrer noopener" style={{ wordBreak: 'break-all' }}>
            {part}
          </Anchor>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

import { useEffect, useRef, type ReactNode } from 'react';
import type { LinkCode } from '../lib/contract.ts';

/** A page that says one thing and what to do about it. */
export function Notice({
  title,
  children,
  action,
  tone = 'info',
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
  tone?: 'info' | 'problem' | 'done';
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The page changed under the reader (a link that stopped working): say so to screen readers.
  useEffect(() => heading.current?.focus(), []);
  return (
    <main className={`notice notice-${tone}`}>
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
      {action}
    </main>
  );
}

const ASK = 'Ask the person who sent it to you for a new link.';

const LINK_TEXTS: Record<LinkCode, { title: string; body: string }> = {
  'respondent.link_invalid': {
    title: 'This link does not work',
    body: `It may be incomplete, or a newer link has replaced it. ${ASK}`,
  },
  'respondent.link_expired': {
    title: 'This link has expired',
    body: `Links for answering an assessment work for a limited time. ${ASK} The answers you already saved are kept.`,
  },
  'respondent.link_revoked': {
    title: 'This link was withdrawn',
    body: 'The person who sent it has stopped it from working. If you should still answer, ask them for a new link.',
  },
};

export function LinkProblem({ code, waiting }: { code: LinkCode; waiting: number }) {
  const t = LINK_TEXTS[code];
  return (
    <Notice title={t.title} tone="problem">
      <p>{t.body}</p>
      {waiting > 0 && (
        <p>
          {waiting === 1 ? '1 answer is' : `${waiting} answers are`} still kept on this device. Open
          the new link on this device and {waiting === 1 ? 'it is' : 'they are'} sent then.
        </p>
      )}
    </Notice>
  );
}

export function NoToken() {
  return (
    <Notice title="This link is incomplete" tone="problem">
      <p>
        The address you opened does not carry its access code. Open the link from your e-mail again
        (tap it rather than copying part of it). If it still does not work, ask the person who sent
        it to you for a new link.
      </p>
    </Notice>
  );
}

export function Offline({ onRetry }: { onRetry: () => void }) {
  return (
    <Notice
      title="You are offline"
      tone="problem"
      action={
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          Try again
        </button>
      }
    >
      <p>
        The first time this page is opened on a device it needs the network. Connect to the internet
        and try again; the page also tries by itself when the connection is back.
      </p>
    </Notice>
  );
}

export function Failure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Notice
      title="Something went wrong"
      tone="problem"
      action={
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          Try again
        </button>
      }
    >
      <p>{message || 'The questions could not be loaded.'} Please try again in a moment.</p>
    </Notice>
  );
}

export function Completed({
  accountName,
  tenantName,
}: {
  accountName: string;
  tenantName: string;
}) {
  return (
    <Notice title="This assessment is complete" tone="done">
      <p>
        {accountName} has completed the assessment for {tenantName}, so its answers can no longer
        change. There is nothing more for you to do. Thank you.
      </p>
    </Notice>
  );
}

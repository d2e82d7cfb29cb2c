import { useEffect, useRef, type ReactNode } from 'react';
import type { LinkCode } from '../lib/contract.ts';
import { LanguageSwitcher, useI18n, type RespondentKey } from '../lib/i18n.ts';

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
  const { t } = useI18n();
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
      <footer className="notice-lang">
        <LanguageSwitcher label={t('lang.label')} />
      </footer>
    </main>
  );
}

const LINK_TEXTS: Record<LinkCode, { title: RespondentKey; body: RespondentKey }> = {
  'respondent.link_invalid': { title: 'notice.invalid.title', body: 'notice.invalid.body' },
  'respondent.link_expired': { title: 'notice.expired.title', body: 'notice.expired.body' },
  'respondent.link_revoked': { title: 'notice.revoked.title', body: 'notice.revoked.body' },
};

export function LinkProblem({ code, waiting }: { code: LinkCode; waiting: number }) {
  const { t } = useI18n();
  const keys = LINK_TEXTS[code];
  return (
    <Notice title={t(keys.title)} tone="problem">
      <p>{t(keys.body)}</p>
      {waiting > 0 && <p>{t('notice.waiting', { count: waiting })}</p>}
    </Notice>
  );
}

export function NoToken() {
  const { t } = useI18n();
  return (
    <Notice title={t('notice.noToken.title')} tone="problem">
      <p>{t('notice.noToken.body')}</p>
    </Notice>
  );
}

function TryAgain({ onRetry }: { onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <button type="button" className="btn btn-primary" onClick={onRetry}>
      {t('notice.tryAgain')}
    </button>
  );
}

export function Offline({ onRetry }: { onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <Notice
      title={t('notice.offline.title')}
      tone="problem"
      action={<TryAgain onRetry={onRetry} />}
    >
      <p>{t('notice.offline.body')}</p>
    </Notice>
  );
}

export function Failure({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <Notice
      title={t('notice.failure.title')}
      tone="problem"
      action={<TryAgain onRetry={onRetry} />}
    >
      <p>{t('notice.failure.body', { message: message || t('notice.failure.default') })}</p>
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
  const { t } = useI18n();
  return (
    <Notice title={t('notice.completed.title')} tone="done">
      <p>{t('notice.completed.body', { account: accountName, tenant: tenantName })}</p>
    </Notice>
  );
}

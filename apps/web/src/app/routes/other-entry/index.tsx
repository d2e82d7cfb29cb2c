import { screenTitle } from '#web/lib/labels.ts';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { ScreenProps } from '#web/app/route-handle.ts';
import { t } from '../../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

/**
 * A page that is an entry of its own, which the server sends for its paths: the respondent page
 * (in-progress.html, apps/web/src/respondent) and the guest pages (guest.html, apps/web/src/guest:
 * routes with `entry: 'guest'`). The main app gets here only by navigating on the client: load
 * the page again from the server. A reload, not a new navigation: the history entry's state
 * (where a visitor sent to sign in was headed, a notice) stays for the page to read. Not when
 * this document was itself loaded at this path (a server that sent index.html instead), which
 * would reload for ever.
 */
export default function OtherEntryScreen({ screen }: ScreenProps) {
  const { pathname, search, hash } = useLocation();
  const url = `${pathname}${search}${hash}`;
  useEffect(() => {
    const loaded = performance.getEntriesByType('navigation')[0]?.name;
    if (loaded && new URL(loaded).pathname === pathname) return;
    if (window.location.pathname === pathname) window.location.reload();
    else window.location.replace(url);
  }, [pathname, url]);
  const link = <a href={url}>{t('otherEntry.link')}</a>;
  return (
    <p style={{ padding: '2rem 1rem' }}>
      {screen === 'assessmentLanding'
        ? rich(t, 'otherEntry.questions', {}, { link })
        : rich(t, 'otherEntry.screen', { title: screenTitle(screen) }, { link })}
    </p>
  );
}

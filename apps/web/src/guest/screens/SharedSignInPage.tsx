/**
 * The shared sign-in page in the client's language (docs/languages.md), a chunk of its own: the
 * provider's own guest pages (English) never load the translation runtime, and the guest
 * entry keeps its budget (bundle-size.test.ts). Its catalogue is fetched first (asked at boot by
 * main.tsx), then the page shows, translated from its first paint.
 */
import { useEffect, useState } from 'react';
import { guestTranslator, I18nProvider, useI18n, type GuestTranslator } from '#web/i18n/guest.ts';
import { Loading } from '../components/ui.tsx';
import { SharedSignInScreen } from './SharedSignIn.tsx';

export { guestTranslator };

function LoadingPage() {
  const { t } = useI18n();
  return (
    <main className="page">
      <Loading>{t('page.loading')}</Loading>
    </main>
  );
}

export default function SharedSignInPage({
  tenantId,
  shareId,
  waiting = false,
}: {
  tenantId: string;
  shareId: string | null;
  /** Whether the visitor may be signed in still (/api/v1/me has not answered): "Loading…". */
  waiting?: boolean;
}) {
  const [initial, setInitial] = useState<GuestTranslator | null>(null);
  useEffect(() => {
    let live = true;
    void guestTranslator().then((tr) => live && setInitial(tr));
    return () => {
      live = false;
    };
  }, []);
  if (!initial) return null;
  return (
    <I18nProvider initial={initial}>
      {waiting ? (
        <LoadingPage />
      ) : (
        // A new tenant is a new page: its state (steps, the ended notice) starts afresh.
        <SharedSignInScreen key={tenantId} tenantId={tenantId} shareId={shareId} />
      )}
    </I18nProvider>
  );
}

import { SCREEN_TITLES } from '@tenantry/shared';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { SupportDesk } from '#web/features/support/components/SupportDesk.tsx';
import { t } from '../../messages.ts';

export default function SupportScreen() {
  return (
    <>
      <PageHeader title={SCREEN_TITLES.support} description={t('support.description')} />
      <SupportDesk />
    </>
  );
}

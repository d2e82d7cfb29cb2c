import { screenTitle } from '#web/lib/labels.ts';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { SupportDesk } from '#web/features/support/components/SupportDesk.tsx';
import { t } from '../../messages.ts';

export default function SupportScreen() {
  return (
    <>
      <PageHeader title={screenTitle('support')} description={t('support.description')} />
      <SupportDesk />
    </>
  );
}

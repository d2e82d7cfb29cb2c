import { SCREEN_TITLES } from '@tenantry/shared';
import { PageHeader } from '#web/components/PageHeader.tsx';
import { SupportDesk } from '#web/features/support/components/SupportDesk.tsx';

export default function SupportScreen() {
  return (
    <>
      <PageHeader
        title={SCREEN_TITLES.support}
        description="Ask us a question or report a problem, and follow the answer here."
      />
      <SupportDesk />
    </>
  );
}

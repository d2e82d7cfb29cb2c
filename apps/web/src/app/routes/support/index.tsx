import { SCREEN_TITLES } from '@tenantry/shared';
import { NotBuiltYet } from '#web/components/NotBuiltYet.tsx';
import { PageHeader } from '#web/components/PageHeader.tsx';

export default function SupportScreen() {
  return (
    <>
      <PageHeader
        title={SCREEN_TITLES.support}
        description="Tickets, help articles and feedback."
      />
      <NotBuiltYet>
        Support tickets and help articles arrive with the support desk. This screen is not built
        yet.
      </NotBuiltYet>
    </>
  );
}

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
        Ask us a question or report a problem, follow the answer here, and read the help articles.
      </NotBuiltYet>
    </>
  );
}

import { SCREEN_TITLES } from '@tenantry/shared';
import { Text } from '@mantine/core';
import { AuthCard } from '#web/components/AuthCard.tsx';
import { NotBuiltYet } from '#web/components/NotBuiltYet.tsx';

/** The respondent page (outside the main layout, no sign-in). The answering flow comes later. */
export default function AssessmentLandingScreen() {
  return (
    <AuthCard title={SCREEN_TITLES.assessmentLanding}>
      <NotBuiltYet>
        Answering an assessment through a respondent link arrives with the assessments feature. This
        page is not built yet.
      </NotBuiltYet>
      <Text size="sm" c="dimmed">
        If someone sent you this link, they will let you know when it is ready.
      </Text>
    </AuthCard>
  );
}

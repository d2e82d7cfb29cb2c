import { SCREEN_TITLES } from '@tenantry/shared';
import { Text } from '@mantine/core';
import { AuthCard } from '#web/components/AuthCard.tsx';
import { NotBuiltYet } from '#web/components/NotBuiltYet.tsx';

/** The respondent page (outside the main layout, no sign-in). The answering flow comes later. */
export default function AssessmentLandingScreen() {
  return (
    <AuthCard title={SCREEN_TITLES.assessmentLanding}>
      <NotBuiltYet>
        This is where you will answer the assessment questions you were sent, save as you go and
        come back later to finish.
      </NotBuiltYet>
      <Text size="sm" c="dimmed">
        If someone sent you this link, they will let you know when it is ready.
      </Text>
    </AuthCard>
  );
}

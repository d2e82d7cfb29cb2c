import { SCREEN_TITLES } from '@tenantry/shared';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AuthCard } from '#web/components/AuthCard.tsx';

export default function NotFoundScreen() {
  return (
    <AuthCard title={SCREEN_TITLES.notFound}>
      <Text size="sm">There is nothing at this address, or you do not have access to it.</Text>
      <Anchor component={Link} to="/">
        Go to the home page
      </Anchor>
    </AuthCard>
  );
}

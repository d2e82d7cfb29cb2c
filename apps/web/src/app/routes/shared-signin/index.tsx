import { SCREEN_TITLES } from '@tenantry/shared';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { AuthCard } from '../../../components/AuthCard.tsx';

/**
 * Shared sign-in (seed §2): people a client tenant was shared with sign in with a one-time code
 * sent to their e-mail. That arrives with the sharing feature; nothing here pretends otherwise.
 */
export default function SharedSignInScreen() {
  const { tenantId } = useParams();
  return (
    <AuthCard
      title={SCREEN_TITLES.sharedSignin}
      description={
        <>
          Someone shared a client tenant
          {tenantId ? (
            <>
              {' '}
              (<strong>{tenantId}</strong>)
            </>
          ) : null}{' '}
          with you. You will sign in with a one-time code sent to your e-mail address.
        </>
      }
      footer={
        <Text size="sm">
          Have a Tenantry account?{' '}
          <Anchor component={Link} to="/signin">
            Sign in
          </Anchor>
        </Text>
      }
    >
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
        Shared sign-in is not available yet. It arrives with the sharing feature.
      </Alert>
      <form onSubmit={(e) => e.preventDefault()} aria-label="Shared sign-in">
        <Stack gap="sm">
          <TextInput label="E-mail" type="email" autoComplete="email" />
          <Button type="submit" disabled fullWidth>
            Send code
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

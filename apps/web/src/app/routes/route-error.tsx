import { Button, Stack, Text } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { AuthCard } from '#web/components/AuthCard.tsx';

/** Last-resort page for an error thrown while rendering a route (e.g. a stale route chunk). */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <AuthCard title="Something went wrong">
      <Stack gap="sm">
        <Text size="sm">
          The page could not be shown. Reloading usually helps, for instance after a new version was
          deployed.
        </Text>
        {detail ? (
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        ) : null}
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </AuthCard>
  );
}

import { Button, Stack, Text } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { AuthCard } from '#web/components/AuthCard.tsx';
import { t } from '../messages.ts';

/** Last-resort page for an error thrown while rendering a route (e.g. a stale route chunk). */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <AuthCard title={t('routeError.title')}>
      <Stack gap="sm">
        <Text size="sm">{t('routeError.body')}</Text>
        {detail ? (
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        ) : null}
        <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
      </Stack>
    </AuthCard>
  );
}

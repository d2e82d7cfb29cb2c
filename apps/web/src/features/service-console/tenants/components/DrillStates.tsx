import { Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { ApiError } from '#web/lib/api.ts';
import { rich } from '#web/i18n/rich.tsx';
import { t } from '../../messages.ts';

/** Skeleton blocks while a view of the drill-down loads. */
export function DrillLoading({ label, heights }: { label: string; heights: number[] }) {
  return (
    <Stack gap="sm" aria-busy aria-label={label}>
      {heights.map((h, i) => (
        <Skeleton key={i} height={h} radius="md" />
      ))}
    </Stack>
  );
}

/**
 * A view that could not be read: not found (another account's id, or gone) with a way back,
 * or any other failure with "Try again".
 */
export function DrillError({
  error,
  what,
  back,
  onRetry,
}: {
  error: Error;
  /** What could not be loaded: "client tenant", "assessment"… */
  what: string;
  back: { to: string; label: string };
  onRetry: () => void;
}) {
  const missing = error instanceof ApiError && error.status === 404;
  const link: ReactNode = (
    <Anchor component={Link} to={back.to} inherit>
      {back.label}
    </Anchor>
  );
  return (
    <ErrorAlert
      title={missing ? t('drill.missing.title', { what }) : t('drill.loadFailed', { what })}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {missing ? (
            rich(t, 'drill.missing.body', {}, { back: link })
          ) : (
            <>
              {`${error.message} `}
              {link}
            </>
          )}
        </Text>
        {missing ? null : (
          <Group>
            <Button size="xs" variant="light" color="red" onClick={onRetry}>
              {t('drill.retry')}
            </Button>
          </Group>
        )}
      </Stack>
    </ErrorAlert>
  );
}

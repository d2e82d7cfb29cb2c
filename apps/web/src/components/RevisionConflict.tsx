import { Alert, Box, Button, Collapse, Group, Stack, Text } from '@mantine/core';
import { IconGitMerge } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { ApiError } from '#web/lib/api.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { t } from './messages.ts';
import { rich } from '#web/i18n/rich.tsx';

/** The code of a save on an old revision (409); `details.current` is the item as it is now. */
export const STALE_REVISION_CODE = 'content.stale_revision';

/**
 * What a failed save says about a conflict: `undefined` when it is no conflict (a 409 with
 * `code`), else the item as it is now (read with `schema` from the answer's
 * `details.current`), or `null` when the answer did not carry it (the caller then loads it).
 */
export function conflictCurrent<T>(
  err: unknown,
  schema: z.ZodType<T>,
  code: string = STALE_REVISION_CODE,
): T | null | undefined {
  if (!(err instanceof ApiError) || err.status !== 409 || err.code !== code) {
    return undefined;
  }
  const parsed = schema.safeParse(err.details?.current);
  return parsed.success ? parsed.data : null;
}

export interface RevisionConflictProps<T> {
  /** The item as it is now on the server. */
  current: T;
  /** What the item is, in words: "playbook", "article", "framework draft". */
  noun: string;
  /** Who saved it meanwhile and when, if known. */
  savedBy: string | null | undefined;
  savedAt: string | null | undefined;
  /**
   * What happened, in the item's own words ("Ana changed this to Yes 2 minutes ago."), in place
   * of "{savedBy} saved this {noun} on {savedAt} while you were editing it."
   */
  summary?: ReactNode;
  /** Save my content over theirs (on `current`'s revision). */
  onKeepMine: (current: T) => void;
  /** Drop my changes and edit theirs. */
  onTakeTheirs: (current: T) => void;
  /** "Keep mine" is saving. */
  busy?: boolean;
  /** Their version, shown on request (a read-only preview). */
  renderTheirs?: (current: T) => ReactNode;
}

/**
 * A save refused because someone else saved the same item meanwhile (409 stale revision): who
 * and when, and the two ways on — keep my changes (saved over theirs) or take theirs (mine are
 * dropped). Generic over the item: the caller says how to save and how to load.
 */
export function RevisionConflict<T>({
  current,
  noun,
  savedBy,
  savedAt,
  onKeepMine,
  onTakeTheirs,
  busy = false,
  renderTheirs,
  summary,
}: RevisionConflictProps<T>) {
  const [showTheirs, setShowTheirs] = useState(false);
  const theirsId = useId();
  const who = savedBy ? savedBy : t('conflict.someoneElse');

  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconGitMerge size={18} aria-hidden />}
      title={t('conflict.title', { noun })}
      role="alert"
    >
      <Stack gap="sm">
        <Text size="sm">
          {summary ??
            (savedAt
              ? rich(
                  t,
                  'conflict.savedOn',
                  { who, noun },
                  { when: <time dateTime={savedAt}>{formatDateTime(savedAt)}</time> },
                )
              : t('conflict.saved', { who, noun }))}{' '}
          {t('conflict.notSaved')}
        </Text>
        <Text size="sm">
          {rich(
            t,
            'conflict.ways',
            {},
            {
              keepMine: <strong>{t('conflict.keepMine')}</strong>,
              takeTheirs: <strong>{t('conflict.takeTheirs')}</strong>,
            },
          )}
        </Text>
        <Group gap="sm">
          <Button onClick={() => onKeepMine(current)} loading={busy}>
            {t('conflict.keepMine')}
          </Button>
          <Button variant="default" onClick={() => onTakeTheirs(current)} disabled={busy}>
            {t('conflict.takeTheirs')}
          </Button>
          {renderTheirs ? (
            <Button
              variant="subtle"
              onClick={() => setShowTheirs((s) => !s)}
              aria-expanded={showTheirs}
              aria-controls={theirsId}
            >
              {showTheirs ? t('conflict.hideTheirs') : t('conflict.showTheirs')}
            </Button>
          ) : null}
        </Group>
        {renderTheirs ? (
          <Collapse expanded={showTheirs} id={theirsId}>
            <Box
              p="sm"
              bg="var(--mantine-color-body)"
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
            >
              {showTheirs ? renderTheirs(current) : null}
            </Box>
          </Collapse>
        ) : null}
      </Stack>
    </Alert>
  );
}

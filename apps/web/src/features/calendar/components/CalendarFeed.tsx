import { Button } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { t } from '../messages.ts';

const CalendarFeedDialog = lazy(() => import('./CalendarFeedDialog.tsx'));

/**
 * "Subscribe in your calendar": a button opening the dialog where a member makes, makes again
 * or revokes their secret calendar address for this account (docs/calendar.md). The dialog is
 * loaded on the first click.
 */
export function CalendarFeedButton() {
  const [opened, setOpened] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconCalendarPlus size={16} aria-hidden />}
        onClick={() => {
          setWanted(true);
          setOpened(true);
        }}
      >
        {t('button')}
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <CalendarFeedDialog opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

import { Anchor, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFlag } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useSetBaseline } from '../api/set-baseline.ts';
import { t } from '../messages.ts';

export interface MarkBaselineButtonProps {
  tenantId: string;
  assessmentId: string;
  assessmentName: string;
  /** The tenant's baseline tab. */
  baselineHref: string;
}

/**
 * "Mark as baseline" for a completed assessment (on its screen): marks it, then says so with a
 * link to the baseline tab. Notifications live outside the router: the link navigates itself.
 */
export function MarkBaselineButton({
  tenantId,
  assessmentId,
  assessmentName,
  baselineHref,
}: MarkBaselineButtonProps) {
  const mark = useSetBaseline(tenantId);
  const navigate = useNavigate();
  const id = `baseline-marked-${assessmentId}`;

  const run = async () => {
    try {
      await mark.mutateAsync(assessmentId);
    } catch (err) {
      notifications.show({
        color: 'red',
        message: err instanceof Error ? err.message : t('mark.failed'),
      });
      return;
    }
    notifications.show({
      id,
      color: 'green',
      message: (
        <Stack gap={4} align="flex-start">
          <Text size="sm">{t('mark.marked', { name: assessmentName })}</Text>
          <Anchor
            href={baselineHref}
            size="sm"
            fw={500}
            onClick={(e) => {
              e.preventDefault();
              notifications.hide(id);
              void navigate(baselineHref);
            }}
          >
            {t('mark.open')}
          </Anchor>
        </Stack>
      ),
    });
  };

  return (
    <Button
      variant="light"
      leftSection={<IconFlag size={16} aria-hidden />}
      loading={mark.isPending}
      onClick={() => void run()}
    >
      {t('mark.button')}
    </Button>
  );
}

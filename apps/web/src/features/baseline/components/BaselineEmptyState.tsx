import type { BaselineComparison } from '@tenantry/shared';
import { Alert, Button, Card, Group, Select, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowRight, IconFlag } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSetBaseline } from '../api/set-baseline.ts';
import { assessmentLabel } from '../lib/baseline-view.ts';
import { t } from '../messages.ts';

export interface BaselineEmptyStateProps {
  tenantId: string;
  comparison: BaselineComparison;
  /** The tenant's assessments tab. */
  assessmentsHref: string;
}

/**
 * No baseline yet: what a baseline is and, for who may, the completed assessments to mark as
 * it. Without a completed assessment, where to complete one.
 */
export function BaselineEmptyState({
  tenantId,
  comparison,
  assessmentsHref,
}: BaselineEmptyStateProps) {
  const { candidates, canManage } = comparison;
  const [chosen, setChosen] = useState<string | null>(candidates[0]?.id ?? null);
  const mark = useSetBaseline(tenantId);
  const picked = candidates.find((c) => c.id === chosen) ?? null;

  return (
    <Card withBorder padding="xl" radius="md">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconFlag size={30} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('empty.title')}
        </Title>
        <Text c="dimmed" maw={560}>
          {t('empty.intro')}
        </Text>

        {candidates.length === 0 ? (
          <Stack gap="xs" align="center">
            <Text size="sm" fw={500}>
              {t('empty.noCompleted')}
            </Text>
            <Text size="sm" c="dimmed" maw={480}>
              {canManage ? t('empty.completeFirst') : t('empty.completeFirstManaged')}
            </Text>
            <Button
              component={Link}
              to={assessmentsHref}
              variant="light"
              rightSection={<IconArrowRight size={16} aria-hidden />}
            >
              {t('empty.assessments')}
            </Button>
          </Stack>
        ) : canManage ? (
          <Stack gap="sm" w="100%" maw={520} mt="xs" ta="left">
            <Group align="flex-end" gap="sm" wrap="wrap">
              <Select
                label={t('empty.assessment')}
                data={candidates.map((c) => ({ value: c.id, label: assessmentLabel(c) }))}
                value={chosen}
                onChange={(v) => {
                  setChosen(v);
                  mark.reset();
                }}
                allowDeselect={false}
                flex="1 1 260px"
                miw={0}
              />
              <Button
                leftSection={<IconFlag size={16} aria-hidden />}
                disabled={!picked}
                loading={mark.isPending}
                onClick={() => {
                  if (!picked) return;
                  // Awaited: this empty state unmounts as soon as the baseline is there.
                  mark.mutateAsync(picked.id).then(
                    () =>
                      notifications.show({
                        color: 'green',
                        message: t('empty.marked', { name: picked.name }),
                      }),
                    () => undefined, // Shown below.
                  );
                }}
              >
                {t('empty.mark')}
              </Button>
            </Group>
            {mark.isError ? (
              <Alert color="red" variant="light" role="alert">
                {mark.error.message}
              </Alert>
            ) : null}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed" maw={480}>
            {t('empty.managed')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { useConfirmSection } from '../api/confirm-section.ts';
import { confirmSummary } from '../lib/carried.ts';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

export interface SectionToConfirm {
  key: string;
  title: string;
  /** Carried answers under it still to confirm. */
  count: number;
}

/**
 * "Nothing changed here (N)" for the sections above the question in view that still have
 * answers from last period to confirm: one request confirms them all (each written as an
 * answer through the one write path; one answered meanwhile is left as it is and said so).
 */
export function SectionConfirm({
  tenantId,
  assessmentId,
  sections,
}: {
  tenantId: string;
  assessmentId: string;
  sections: readonly SectionToConfirm[];
}) {
  const confirm = useConfirmSection(tenantId, assessmentId);
  const [said, setSaid] = useState<string | null>(null);
  if (sections.length === 0 && !said) return null;
  const pending = confirm.isPending ? confirm.variables?.sectionKey : undefined;
  return (
    <Paper withBorder p="xs" radius="md" mb="sm">
      <Stack gap={6}>
        {sections.map((s) => (
          <Group key={s.key} justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }} miw={0} flex={1}>
              {rich(
                t,
                'sectionConfirm.count',
                { count: s.count },
                {
                  section: (
                    <Text component="span" fw={600} size="sm">
                      {s.title}
                    </Text>
                  ),
                },
              )}
            </Text>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconChecks size={14} aria-hidden />}
              loading={pending === s.key}
              disabled={confirm.isPending && pending !== s.key}
              aria-label={t('sectionConfirm.buttonLabel', { count: s.count, section: s.title })}
              onClick={() => {
                setSaid(null);
                confirm.mutate(
                  { sectionKey: s.key },
                  {
                    onSuccess: (r) => setSaid(confirmSummary(r.confirmed.length, r.skipped.length)),
                  },
                );
              }}
            >
              {t('sectionConfirm.button', { count: s.count })}
            </Button>
          </Group>
        ))}
        <div role="status" aria-live="polite">
          {said ? (
            <Text size="sm" c="teal.8">
              {said}
            </Text>
          ) : null}
        </div>
        {confirm.isError ? (
          <Text size="sm" c="red" role="alert">
            {t('sectionConfirm.failed', { error: confirm.error.message })}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

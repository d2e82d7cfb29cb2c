import {
  CARRY_FORWARD_UNDO_HOURS,
  type AssessmentDetail,
  type CarriedQuestion,
  type CarryForwardPreview,
} from '@tenantry/shared';
import {
  Accordion,
  Alert,
  Badge,
  Box,
  Button,
  Code,
  Group,
  Modal,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { useCarryForward } from '../api/carry-forward.ts';
import { useCarryForwardPreview } from '../api/get-carry-forward-preview.ts';
import { carriedOutcome, carryCountsText, fieldLabel } from '../lib/carry-forward-view.ts';
import { t } from '../messages.ts';

const wrap = { overflowWrap: 'anywhere' } as const;

/** One question of the preview: its key and title, what happens to its answer, what changed. */
function QuestionItem({ q }: { q: CarriedQuestion }) {
  const outcome = carriedOutcome(q);
  return (
    <Box
      component="li"
      py={6}
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Text size="sm" style={wrap}>
        <Code>{q.key}</Code> {q.title}
      </Text>
      <Group gap={4} mt={4}>
        <Badge size="sm" variant="light" color={outcome.color} tt="none">
          {outcome.label}
        </Badge>
        {q.fields.map((f) => (
          <Badge key={f} size="sm" variant="outline" color="gray" tt="none">
            {fieldLabel(f)}
          </Badge>
        ))}
      </Group>
    </Box>
  );
}

const LISTS = [
  { value: 'changed', labelKey: 'carry.list.changed', pick: (p: CarryForwardPreview) => p.changed },
  { value: 'removed', labelKey: 'carry.list.removed', pick: (p: CarryForwardPreview) => p.removed },
  { value: 'added', labelKey: 'carry.list.added', pick: (p: CarryForwardPreview) => p.added },
] as const;

function PreviewBody({ preview }: { preview: CarryForwardPreview }) {
  const lists = LISTS.map((l) => ({ ...l, items: l.pick(preview) })).filter(
    (l) => l.items.length > 0,
  );
  return (
    <Stack gap="md">
      {preview.releaseNotes.trim() ? (
        <Box
          p="xs"
          bg="var(--mantine-color-default-hover)"
          style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        >
          <Text size="xs" fw={600} tt="uppercase" c="dimmed" mb={4}>
            {t('carry.releaseNotes', { version: preview.toVersion })}
          </Text>
          <Text size="sm" style={{ ...wrap, whiteSpace: 'pre-wrap' }}>
            {preview.releaseNotes.trim()}
          </Text>
        </Box>
      ) : null}
      <Text size="sm" fw={500} data-testid="carry-counts">
        {carryCountsText(preview.counts)}
      </Text>
      {lists.length ? (
        <Accordion multiple variant="contained" chevronPosition="right">
          {lists.map((l) => (
            <Accordion.Item key={l.value} value={l.value}>
              <Accordion.Control>
                <Text size="sm" fw={500}>
                  {t('carry.list.title', { list: t(l.labelKey), count: l.items.length })}
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack
                  component="ul"
                  gap={0}
                  p={0}
                  m={0}
                  style={{ listStyle: 'none' }}
                  aria-label={t(l.labelKey)}
                >
                  {l.items.map((q) => (
                    <QuestionItem key={q.key} q={q} />
                  ))}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      ) : (
        <Text size="sm" c="dimmed">
          {t('carry.noChange')}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {t('carry.explain', { hours: CARRY_FORWARD_UNDO_HOURS })}
      </Text>
    </Stack>
  );
}

/**
 * The preview of carrying the assessment forward to a newer framework version (release notes,
 * what happens to the answers, the questions changed, removed and added), and doing it.
 */
export function CarryForwardModal({
  tenantId,
  assessment: a,
  version,
  opened,
  onClose,
}: {
  tenantId: string;
  assessment: AssessmentDetail;
  version: number;
  opened: boolean;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const preview = useCarryForwardPreview(tenantId, a.id, version, opened);
  const carry = useCarryForward(tenantId, a.id);
  const close = () => {
    carry.reset();
    onClose();
  };
  const submit = () =>
    carry.mutate(version, {
      onSuccess: (record) => {
        const review = record.counts.review;
        notifications.show({
          color: 'green',
          message: review
            ? t('carry.carriedReview', { name: a.name, version: record.toVersion, count: review })
            : t('carry.carried', { name: a.name, version: record.toVersion }),
        });
        close();
      },
    });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('carry.title', { version, framework: a.framework.name })}
      size="lg"
      fullScreen={phone === true}
    >
      <Stack gap="md">
        {preview.isPending ? (
          <Stack gap="xs" aria-busy aria-label={t('carry.loading')}>
            <Skeleton height={48} />
            <Skeleton height={20} />
            <Skeleton height={120} />
          </Stack>
        ) : preview.isError ? (
          <ErrorAlert title={t('carry.loadFailed')}>{preview.error.message}</ErrorAlert>
        ) : (
          <PreviewBody preview={preview.data} />
        )}
        {carry.isError ? (
          <Alert color="red" variant="light" role="alert">
            {carry.error.message}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={carry.isPending} disabled={!preview.isSuccess}>
            {t('carry.submit', { version })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

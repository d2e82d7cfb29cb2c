import type { AssessmentSummary, BaselineComparison } from '@tenantry/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFlag, IconFlagOff, IconInfoCircle, IconReplace } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { NAME_WRAP, NameText } from '#web/components/NameText.tsx';
import { useClearBaseline } from '../api/clear-baseline.ts';
import { useSetBaseline } from '../api/set-baseline.ts';
import { assessmentLabel, assessmentState } from '../lib/baseline-view.ts';

export interface BaselineHeaderProps {
  tenantId: string;
  comparison: BaselineComparison;
  /** The URL of an assessment's screen. */
  assessmentHref: (assessmentId: string) => string;
  /** Another assessment was chosen to compare with. */
  onCompare: (assessmentId: string) => void;
  /** The baseline was changed or cleared: back to the default comparison. */
  onBaselineChanged: () => void;
}

/** One side of the header: a labelled block ("Baseline", "Compared with"). */
function Side({ label, icon, children }: { label: string; icon: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Stack gap={6} role="group" aria-labelledby={id} miw={0}>
      <Group gap={6} wrap="nowrap">
        {icon}
        <Text id={id} size="xs" c="dimmed" tt="uppercase" fw={700}>
          {label}
        </Text>
      </Group>
      {children}
    </Stack>
  );
}

function Details({ a }: { a: AssessmentSummary }) {
  return (
    <Text size="sm" c="dimmed" style={NAME_WRAP}>
      {a.framework.name} · version {a.framework.version} · {assessmentState(a)}
    </Text>
  );
}

/**
 * The baseline (name, framework and version, completed date) and the assessment compared with
 * it (chosen among `comparable`, kept in the URL); for who may, change or clear the baseline.
 */
export function BaselineHeader({
  tenantId,
  comparison,
  assessmentHref,
  onCompare,
  onBaselineChanged,
}: BaselineHeaderProps) {
  const { baseline, candidates, canManage } = comparison;
  const [dialog, setDialog] = useState<'change' | 'clear' | null>(null);
  const others = candidates.filter((c) => c.id !== baseline?.id);
  const [chosen, setChosen] = useState<string | null>(null);
  const mark = useSetBaseline(tenantId);
  const clear = useClearBaseline(tenantId);
  if (!baseline) return null;
  const picked = others.find((c) => c.id === (chosen ?? others[0]?.id)) ?? null;

  const close = () => {
    mark.reset();
    clear.reset();
    setChosen(null);
    setDialog(null);
  };
  // Awaited rather than mutate's callbacks: those are dropped if this header unmounts first
  // (the comparison read again may have no baseline any more).
  const changeTo = async (a: AssessmentSummary | null) => {
    if (!a) return;
    try {
      await mark.mutateAsync(a.id);
    } catch {
      return; // Shown in the dialog.
    }
    notifications.show({ color: 'green', message: `“${a.name}” is now the baseline.` });
    close();
    onBaselineChanged();
  };
  const clearIt = async () => {
    try {
      await clear.mutateAsync();
    } catch {
      return; // Shown in the dialog.
    }
    notifications.show({ message: 'The baseline is cleared.' });
    close();
    onBaselineChanged();
  };

  return (
    <BaselineSides
      comparison={comparison}
      assessmentHref={assessmentHref}
      onCompare={onCompare}
      baselineActions={
        canManage ? (
          <Group gap="xs" mt={4}>
            {others.length > 0 ? (
              <Button
                variant="default"
                size="xs"
                leftSection={<IconFlag size={14} aria-hidden />}
                onClick={() => setDialog('change')}
              >
                Change baseline
              </Button>
            ) : null}
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconFlagOff size={14} aria-hidden />}
              onClick={() => setDialog('clear')}
            >
              Clear baseline
            </Button>
          </Group>
        ) : null
      }
    >
      <Modal opened={dialog === 'change'} onClose={close} title="Change the baseline" centered>
        <Stack gap="md">
          <Text size="sm">
            Later assessments of the new baseline’s framework are compared with it instead. The
            assessments themselves do not change.
          </Text>
          <Select
            label="Completed assessment"
            data={others.map((c) => ({ value: c.id, label: assessmentLabel(c) }))}
            value={picked?.id ?? null}
            onChange={(v) => {
              setChosen(v);
              mark.reset();
            }}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          {mark.isError ? (
            <Alert color="red" variant="light" role="alert">
              {mark.error.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              disabled={!picked}
              loading={mark.isPending}
              onClick={() => void changeTo(picked)}
            >
              Mark as baseline
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={dialog === 'clear'} onClose={close} title="Clear the baseline?" centered>
        <Stack gap="md">
          <Text size="sm" style={NAME_WRAP}>
            <strong>{baseline.name}</strong> will no longer be this client tenant’s baseline, and
            nothing is compared until another one is marked. The assessment and its answers stay as
            they are.
          </Text>
          {clear.isError ? (
            <Alert color="red" variant="light" role="alert">
              {clear.error.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color="red" loading={clear.isPending} onClick={() => void clearIt()}>
              Clear baseline
            </Button>
          </Group>
        </Stack>
      </Modal>
    </BaselineSides>
  );
}

/**
 * The two sides of the comparison, read-only: the baseline (name, framework and version,
 * completed date; `baselineActions` below it) and the assessment compared with it, chosen
 * among `comparable` (`onCompare`). A note when the framework versions differ.
 */
export function BaselineSides({
  comparison,
  assessmentHref,
  onCompare,
  baselineActions,
  children,
}: Pick<BaselineHeaderProps, 'comparison' | 'assessmentHref' | 'onCompare'> & {
  baselineActions?: ReactNode;
  /** After the sides (the header's dialogs). */
  children?: ReactNode;
}) {
  const { baseline, latest, comparable } = comparison;
  if (!baseline) return null;
  const versionsDiffer = latest !== null && latest.framework.version !== baseline.framework.version;

  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="md">
        <Side
          label="Baseline"
          icon={<IconFlag size={14} aria-hidden color="var(--mantine-color-dimmed)" />}
        >
          <NameText name={baseline.name} to={assessmentHref(baseline.id)} fw={600} lines={2} />
          <Details a={baseline} />
          {baselineActions}
        </Side>
        <Side
          label="Compared with"
          icon={<IconReplace size={14} aria-hidden color="var(--mantine-color-dimmed)" />}
        >
          {latest ? (
            <>
              <Select
                aria-label="Assessment compared with the baseline"
                data={comparable.map((c) => ({ value: c.id, label: assessmentLabel(c) }))}
                value={latest.id}
                onChange={(v) => v && v !== latest.id && onCompare(v)}
                allowDeselect={false}
                checkIconPosition="right"
              />
              <Group gap="xs" wrap="wrap">
                <Details a={latest} />
                <Anchor component={Link} to={assessmentHref(latest.id)} size="sm">
                  Open assessment
                </Anchor>
              </Group>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              No assessment to compare with yet.
            </Text>
          )}
        </Side>
      </SimpleGrid>

      {versionsDiffer ? (
        <Group gap={6} wrap="nowrap" mt="md" align="flex-start">
          <IconInfoCircle size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="xs" c="dimmed">
            Framework version {baseline.framework.version} against {latest?.framework.version}:
            questions are matched by their key; those that changed are marked{' '}
            <Badge size="xs" variant="outline" color="violet" tt="none" component="span">
              Changed in new version
            </Badge>
            .
          </Text>
        </Group>
      ) : null}

      {children}
    </Paper>
  );
}

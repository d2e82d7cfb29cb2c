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
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

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
      {t('header.details', {
        framework: a.framework.name,
        version: a.framework.version,
        state: assessmentState(a),
      })}
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
    notifications.show({ color: 'green', message: t('header.marked', { name: a.name }) });
    close();
    onBaselineChanged();
  };
  const clearIt = async () => {
    try {
      await clear.mutateAsync();
    } catch {
      return; // Shown in the dialog.
    }
    notifications.show({ message: t('header.cleared') });
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
                {t('header.change')}
              </Button>
            ) : null}
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconFlagOff size={14} aria-hidden />}
              onClick={() => setDialog('clear')}
            >
              {t('header.clear')}
            </Button>
          </Group>
        ) : null
      }
    >
      <Modal
        opened={dialog === 'change'}
        onClose={close}
        title={t('header.changeDialog.title')}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t('header.changeDialog.body')}</Text>
          <Select
            label={t('header.changeDialog.assessment')}
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
              {t('header.changeDialog.cancel')}
            </Button>
            <Button
              disabled={!picked}
              loading={mark.isPending}
              onClick={() => void changeTo(picked)}
            >
              {t('header.changeDialog.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={dialog === 'clear'}
        onClose={close}
        title={t('header.clearDialog.title')}
        centered
      >
        <Stack gap="md">
          <Text size="sm" style={NAME_WRAP}>
            {rich(t, 'header.clearDialog.body', {}, { name: <strong>{baseline.name}</strong> })}
          </Text>
          {clear.isError ? (
            <Alert color="red" variant="light" role="alert">
              {clear.error.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('header.clearDialog.cancel')}
            </Button>
            <Button color="red" loading={clear.isPending} onClick={() => void clearIt()}>
              {t('header.clearDialog.confirm')}
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
          label={t('header.baseline')}
          icon={<IconFlag size={14} aria-hidden color="var(--mantine-color-dimmed)" />}
        >
          <NameText name={baseline.name} to={assessmentHref(baseline.id)} fw={600} lines={2} />
          <Details a={baseline} />
          {baselineActions}
        </Side>
        <Side
          label={t('header.comparedWith')}
          icon={<IconReplace size={14} aria-hidden color="var(--mantine-color-dimmed)" />}
        >
          {latest ? (
            <>
              <Select
                aria-label={t('header.compareLabel')}
                data={comparable.map((c) => ({ value: c.id, label: assessmentLabel(c) }))}
                value={latest.id}
                onChange={(v) => v && v !== latest.id && onCompare(v)}
                allowDeselect={false}
                checkIconPosition="right"
              />
              <Group gap="xs" wrap="wrap">
                <Details a={latest} />
                <Anchor component={Link} to={assessmentHref(latest.id)} size="sm">
                  {t('header.open')}
                </Anchor>
              </Group>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t('header.nothingToCompare')}
            </Text>
          )}
        </Side>
      </SimpleGrid>

      {versionsDiffer ? (
        <Group gap={6} wrap="nowrap" mt="md" align="flex-start">
          <IconInfoCircle size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="xs" c="dimmed">
            {rich(
              t,
              'header.versions',
              { baseline: baseline.framework.version, latest: latest?.framework.version },
              {
                changed: (
                  <Badge size="xs" variant="outline" color="violet" tt="none" component="span">
                    {t('header.versions.changed')}
                  </Badge>
                ),
              },
            )}
          </Text>
        </Group>
      ) : null}

      {children}
    </Paper>
  );
}

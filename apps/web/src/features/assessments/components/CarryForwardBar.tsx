import type { AssessmentDetail, CarryForwardSummary } from '@tenantry/shared';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconArrowForwardUp, IconVersions } from '@tabler/icons-react';
import { useState } from 'react';
import { NAME_WRAP } from '#web/components/NameText.tsx';
import { useUndoCarryForward } from '../api/undo-carry-forward.ts';
import { isLocked } from '../lib/assessment-view.ts';
import { carriedText, carryCountsText, undoText } from '../lib/carry-forward-view.ts';
import { CarryForwardModal } from './CarryForwardModal.tsx';
import { SetAsideDrawer } from './SetAsideDrawer.tsx';
import { t } from '../messages.ts';

/** "Version 3 of MSP Essentials is out" with "Carry forward…" (who manages, while open). */
function NewerVersionNotice({
  assessment: a,
  version,
  onCarry,
}: {
  assessment: AssessmentDetail;
  version: number;
  onCarry: () => void;
}) {
  return (
    <Alert
      color="blue"
      variant="light"
      p="sm"
      icon={<IconVersions size={18} aria-hidden />}
      role="note"
      aria-label={t('carry.newer.label')}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={500} style={NAME_WRAP}>
          {t('carry.newer.text', { version, framework: a.framework.name })}
        </Text>
        <Button
          size="compact-sm"
          leftSection={<IconArrowForwardUp size={16} aria-hidden />}
          onClick={onCarry}
        >
          {t('carry.newer.button')}
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * The latest carry-forward: from which version to which, when and by whom, what it did to the
 * answers; the answers it set aside; and, while it can be, Undo (after a confirmation; the
 * server's reason is shown when it refuses).
 */
function CarryForwardBanner({
  tenantId,
  assessment: a,
  carried: c,
  now,
}: {
  tenantId: string;
  assessment: AssessmentDetail;
  carried: CarryForwardSummary;
  now: number;
}) {
  const undo = useUndoCarryForward(tenantId, a.id);
  const [dialog, setDialog] = useState<'undo' | 'set-aside' | null>(null);
  const undoable = a.can.manage && c.canUndo && now < Date.parse(c.undoUntil);
  const close = () => {
    undo.reset();
    setDialog(null);
  };
  // Once undone, this banner goes (or shows an earlier carry-forward): the promise, unlike
  // mutate's callbacks, still settles then.
  const confirm = () =>
    undo.mutateAsync(c.id).then(
      (detail) => {
        notifications.show({
          message: t('carry.undone', { name: detail.name, version: detail.framework.version }),
        });
        setDialog(null);
      },
      () => {
        // Shown in the dialog (undo.error).
      },
    );

  return (
    <Alert
      color="gray"
      variant="light"
      p="sm"
      icon={<IconArrowForwardUp size={18} aria-hidden />}
      role="region"
      aria-label={t('carry.banner.label')}
    >
      <Stack gap={6}>
        <Text size="sm" fw={600} style={NAME_WRAP}>
          {carriedText(c)}
        </Text>
        <Text size="sm">{carryCountsText(c.counts)}</Text>
        {undoable ? (
          <Text size="xs" c="dimmed">
            {undoText(c)}
          </Text>
        ) : a.can.manage && c.undoBlockedBy ? (
          <Text size="xs" c="dimmed">
            {t('carry.noUndo', { reason: c.undoBlockedBy })}
          </Text>
        ) : null}
        {c.counts.setAside > 0 || undoable ? (
          <Group gap="xs">
            {c.counts.setAside > 0 ? (
              <Button size="compact-sm" variant="default" onClick={() => setDialog('set-aside')}>
                {t('carry.showSetAside')}
              </Button>
            ) : null}
            {undoable ? (
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconArrowBackUp size={14} aria-hidden />}
                onClick={() => setDialog('undo')}
              >
                {t('carry.undo')}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>

      <SetAsideDrawer
        tenantId={tenantId}
        assessment={a}
        carryForwardId={c.id}
        opened={dialog === 'set-aside'}
        onClose={() => setDialog(null)}
      />
      <Modal
        opened={dialog === 'undo'}
        onClose={close}
        title={t('carry.undoConfirm.title')}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            {t('carry.undoConfirm.body', { version: c.fromVersion, framework: a.framework.name })}
          </Text>
          {undo.isError ? (
            <Alert color="red" variant="light" role="alert">
              {undo.error.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button onClick={confirm} loading={undo.isPending} disabled={undo.isError}>
              {t('carry.undoConfirm.submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Alert>
  );
}

/**
 * Carrying the assessment forward to a newer framework version, in its header: the offer (for
 * who manages an open assessment) and what the latest carry-forward did.
 */
export function CarryForwardBar({
  tenantId,
  assessment: a,
  now,
}: {
  tenantId: string;
  assessment: AssessmentDetail;
  now: number;
}) {
  // The version the dialog is for, kept while it is open (once carried forward, the
  // assessment reloads with no newer version, and the dialog closes after).
  const [carryTo, setCarryTo] = useState<number | null>(null);
  const offer = a.newerVersion !== null && a.can.manage && !isLocked(a.status);
  return (
    <>
      {a.carryForward || offer ? (
        <Stack gap="xs">
          {a.carryForward ? (
            <CarryForwardBanner
              key={a.carryForward.id}
              tenantId={tenantId}
              assessment={a}
              carried={a.carryForward}
              now={now}
            />
          ) : null}
          {offer ? (
            <NewerVersionNotice
              assessment={a}
              version={a.newerVersion!}
              onCarry={() => setCarryTo(a.newerVersion)}
            />
          ) : null}
        </Stack>
      ) : null}
      <CarryForwardModal
        tenantId={tenantId}
        assessment={a}
        version={carryTo ?? a.newerVersion ?? a.framework.version}
        opened={carryTo !== null}
        onClose={() => setCarryTo(null)}
      />
    </>
  );
}

import type { AssessmentDetail } from '@tenantry/shared';
import { Alert, Button, Group, Modal, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import {
  errorMessage,
  ScopeFieldset,
  StartFields,
  TargetsFieldset,
} from './StartAssessmentParts.tsx';
import { useStartForm, type FrameworkChoice, type OwnerChoice } from './use-start-form.ts';
import { t } from '../messages.ts';

// The screens that open the dialog name its choices from here.
export type { FrameworkChoice, OwnerChoice } from './use-start-form.ts';

export interface StartAssessmentModalProps {
  tenantId: string;
  /** The client tenant's name, for the title ("Start an assessment of Acme"). */
  tenantName?: string | undefined;
  opened: boolean;
  onClose: () => void;
  /** The account's members (owner choices); undefined while they load or when not readable. */
  owners: OwnerChoice[] | undefined;
  /** The user id of whoever starts it: the owner unless another is chosen. */
  me?: string | undefined;
  framework?: FrameworkChoice | null;
  /** The assessment was created (a draft): open it. */
  onStarted: (assessment: AssessmentDetail) => void;
}

/**
 * "Start assessment": a published framework (searched in the library) and version (the
 * latest by default), a name, owner and due date, the scope (all, some sections, or by
 * tags) and a target per top-level section (the framework's defaults). Creates a draft.
 */
export function StartAssessmentModal({
  tenantId,
  tenantName,
  opened,
  onClose,
  owners,
  me,
  framework,
  onStarted,
}: StartAssessmentModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={tenantName ? t('start.titleOf', { tenant: tenantName }) : t('start.title')}
      size="xl"
      fullScreen={phone === true}
    >
      {opened ? (
        <StartForm
          tenantId={tenantId}
          owners={owners}
          me={me}
          framework={framework ?? null}
          onCancel={onClose}
          onStarted={onStarted}
        />
      ) : null}
    </Modal>
  );
}

/** The dialog's form; its state is `useStartForm`'s (use-start-form.ts). */
function StartForm({
  tenantId,
  owners,
  me,
  framework,
  onCancel,
  onStarted,
}: {
  tenantId: string;
  owners: OwnerChoice[] | undefined;
  me: string | undefined;
  framework: FrameworkChoice | null;
  onCancel: () => void;
  onStarted: (assessment: AssessmentDetail) => void;
}) {
  const start = useStartForm({ tenantId, owners, me, framework, onStarted });
  const { form, values, version, doc, create } = start;
  return (
    <form
      onSubmit={form.onSubmit((v) => void start.submit(v))}
      noValidate
      aria-label={t('start.title')}
    >
      <Stack gap="md">
        <StartFields start={start} owners={owners} />

        {values.frameworkId && !doc ? (
          version.isError ? (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(version.error)}
            </Alert>
          ) : (
            <Stack gap="xs" aria-busy aria-label={t('start.loadingFramework')}>
              <Skeleton height={24} width="40%" />
              <Skeleton height={80} />
            </Stack>
          )
        ) : null}

        {doc ? (
          <>
            <ScopeFieldset start={start} doc={doc} />
            <TargetsFieldset start={start} doc={doc} />
          </>
        ) : null}

        {create.isError && !start.fieldErrorsShown ? (
          <ErrorAlert error={create.error}>{errorMessage(create.error)}</ErrorAlert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} disabled={!doc}>
            {t('start.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

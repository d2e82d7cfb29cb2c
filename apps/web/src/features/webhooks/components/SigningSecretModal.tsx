import type { Webhook } from '@tenantry/shared';
import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { CopyableSecret } from '#web/components/CopyableSecret.tsx';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { useRevealSecret } from '../api/reveal-secret.ts';
import { useRotateSecret } from '../api/rotate-secret.ts';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

/** The header the signature travels in (a name, not words). */
const SIGNATURE_HEADER = 'webhook-signature';

function SecretBody({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const reveal = useRevealSecret();
  const rotate = useRotateSecret();
  const [confirming, setConfirming] = useState(false);
  const secret = rotate.data?.secret ?? reveal.data?.secret ?? null;
  return (
    <Stack gap="md">
      <Text size="sm">
        {rich(t, 'secret.intro', {}, { header: <Code>{SIGNATURE_HEADER}</Code> })}
      </Text>
      {secret ? (
        <CopyableSecret
          label={t('secret.label')}
          value={secret}
          testId="webhook-secret"
          copyLabel={t('secret.copy')}
          copiedLabel={t('secret.copied')}
        />
      ) : (
        <Group>
          <Button
            variant="light"
            loading={reveal.isPending}
            onClick={() => reveal.mutate(webhook.id)}
          >
            {t('secret.reveal')}
          </Button>
        </Group>
      )}
      {rotate.isSuccess ? (
        <Alert color="teal" variant="light" role="status">
          {t('secret.rotated')}
        </Alert>
      ) : null}
      {reveal.isError ? <ErrorAlert title={t('secret.revealFailed')} error={reveal.error} /> : null}
      {rotate.isError ? <ErrorAlert title={t('secret.rotateFailed')} error={rotate.error} /> : null}
      {confirming ? (
        <Alert color="yellow" variant="light" title={t('secret.rotate.title')}>
          <Stack gap="xs">
            <Text size="sm">{t('secret.rotate.body')}</Text>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                {t('secret.rotate.keep')}
              </Button>
              <Button
                size="xs"
                color="yellow"
                loading={rotate.isPending}
                onClick={() => rotate.mutate(webhook.id, { onSettled: () => setConfirming(false) })}
              >
                {t('secret.rotate.confirm')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      <Group justify="space-between" gap="xs">
        <Button variant="subtle" color="yellow" onClick={() => setConfirming(true)}>
          {t('secret.rotate')}
        </Button>
        <Button variant="default" onClick={onClose}>
          {t('secret.close')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The endpoint's signing secret: shown on demand, copied, rotated. */
export function SigningSecretModal({
  webhook,
  onClose,
}: {
  webhook: Webhook | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={webhook !== null} onClose={onClose} title={t('secret.title')} size="lg">
      {webhook ? <SecretBody key={webhook.id} webhook={webhook} onClose={onClose} /> : null}
    </Modal>
  );
}

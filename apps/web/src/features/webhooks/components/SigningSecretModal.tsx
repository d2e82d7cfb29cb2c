import type { Webhook } from '@tenantry/shared';
import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { CopyableSecret } from '#web/components/CopyableSecret.tsx';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { useRevealSecret } from '../api/reveal-secret.ts';
import { useRotateSecret } from '../api/rotate-secret.ts';

function SecretBody({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const reveal = useRevealSecret();
  const rotate = useRotateSecret();
  const [confirming, setConfirming] = useState(false);
  const secret = rotate.data?.secret ?? reveal.data?.secret ?? null;
  return (
    <Stack gap="md">
      <Text size="sm">
        Every delivery is signed with this secret (Standard Webhooks: the{' '}
        <Code>webhook-signature</Code> header). Your endpoint checks the signature with it to know
        the event came from Tenantry.
      </Text>
      {secret ? (
        <CopyableSecret
          label="Signing secret"
          value={secret}
          testId="webhook-secret"
          copyLabel="Copy secret"
          copiedLabel="Copied"
        />
      ) : (
        <Group>
          <Button
            variant="light"
            loading={reveal.isPending}
            onClick={() => reveal.mutate(webhook.id)}
          >
            Reveal secret
          </Button>
        </Group>
      )}
      {rotate.isSuccess ? (
        <Alert color="teal" variant="light" role="status">
          A new secret is in use. For 24 hours deliveries are also signed with the old one, so your
          endpoint can switch over without losing any.
        </Alert>
      ) : null}
      {reveal.isError ? (
        <ErrorAlert title="The secret could not be shown" error={reveal.error} />
      ) : null}
      {rotate.isError ? (
        <ErrorAlert title="The secret was not rotated" error={rotate.error} />
      ) : null}
      {confirming ? (
        <Alert color="yellow" variant="light" title="Rotate the signing secret?">
          <Stack gap="xs">
            <Text size="sm">
              Deliveries are signed with a new secret from now on; the old one keeps working for 24
              hours. Update your endpoint with the new secret within that time.
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                Keep the secret
              </Button>
              <Button
                size="xs"
                color="yellow"
                loading={rotate.isPending}
                onClick={() => rotate.mutate(webhook.id, { onSettled: () => setConfirming(false) })}
              >
                Rotate now
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      <Group justify="space-between" gap="xs">
        <Button variant="subtle" color="yellow" onClick={() => setConfirming(true)}>
          Rotate secret…
        </Button>
        <Button variant="default" onClick={onClose}>
          Close
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
    <Modal opened={webhook !== null} onClose={onClose} title="Signing secret" size="lg">
      {webhook ? <SecretBody key={webhook.id} webhook={webhook} onClose={onClose} /> : null}
    </Modal>
  );
}

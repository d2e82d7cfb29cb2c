import { TOTP_DIGITS } from '@tenantry/shared';
import {
  Alert,
  Button,
  Code,
  Group,
  List,
  Modal,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { useState, type FormEvent } from 'react';
import { CopyTextButton } from '#web/components/CopyableSecret.tsx';
import { secondFactorErrorMessage } from '../api/auth-fetch.ts';
import { useConfirmTotp, useStartTotp, type TotpSetup } from '../api/second-factors.ts';
import { cleanCode, groupedSecret, totpSecret } from '../lib/totp.ts';

/** The backup codes, each once, to keep somewhere safe. */
export function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <Stack gap="xs">
      <SimpleGrid cols={2} spacing={4} component="ul" style={{ listStyle: 'none', padding: 0 }}>
        {codes.map((c) => (
          <Code key={c} component="li" style={{ textAlign: 'center' }}>
            {c}
          </Code>
        ))}
      </SimpleGrid>
      <Group>
        <CopyTextButton
          value={codes.join('\n')}
          label="Copy backup codes"
          copiedLabel="Backup codes copied"
        />
      </Group>
    </Stack>
  );
}

/**
 * Setting up an authenticator app (admin/security): the password, then the QR code (or the key
 * to type) with the backup codes, then the app's first code, which turns it on.
 */
export function TotpSetupModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);

  const close = () => {
    setPassword('');
    setCode('');
    setSetup(null);
    setCodeError(null);
    start.reset();
    confirm.reset();
    onClose();
  };

  function submitPassword(e: FormEvent) {
    e.preventDefault();
    if (!password) return;
    start.mutate(password, { onSuccess: (data) => setSetup(data) });
  }

  function submitCode(e: FormEvent) {
    e.preventDefault();
    const typed = cleanCode(code);
    if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(typed)) {
      setCodeError(`Enter the ${TOTP_DIGITS}-digit code from the app.`);
      return;
    }
    setCodeError(null);
    confirm.mutate(typed, { onSuccess: close });
  }

  const secret = setup ? totpSecret(setup.totpURI) : '';
  return (
    <Modal opened={opened} onClose={close} title="Set up an authenticator app" centered size="lg">
      {!setup ? (
        <form onSubmit={submitPassword} aria-label="Confirm your password">
          <Stack>
            <Text size="sm">
              Enter your password to start. You will scan a QR code with an authenticator app
              (Google Authenticator, Microsoft Authenticator, 1Password, Bitwarden…).
            </Text>
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              data-autofocus
              error={start.isError ? secondFactorErrorMessage(start.error) : undefined}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={start.isPending} disabled={!password}>
                Continue
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <form onSubmit={submitCode} aria-label="Confirm the code">
          <Stack>
            <List type="ordered" size="sm" spacing="xs">
              <List.Item>Scan this QR code with your authenticator app.</List.Item>
              <List.Item>Keep the backup codes somewhere safe: each signs you in once.</List.Item>
              <List.Item>Enter the code the app shows to turn it on.</List.Item>
            </List>
            <Group align="flex-start" gap="lg" wrap="wrap">
              <div
                style={{ background: 'white', padding: 8, lineHeight: 0, borderRadius: 4 }}
                aria-hidden
              >
                <QRCodeSVG value={setup.totpURI} size={168} />
              </div>
              <Stack gap={4} miw={0} flex="1 1 200px">
                <Text size="sm" fw={600}>
                  Cannot scan it? Enter this key
                </Text>
                <Code
                  data-testid="totp-secret"
                  data-secret={secret}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {groupedSecret(secret)}
                </Code>
              </Stack>
            </Group>
            <Text size="sm" fw={600}>
              Backup codes
            </Text>
            <BackupCodes codes={setup.backupCodes} />
            <TextInput
              label="Code from the app"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              error={
                codeError ?? (confirm.isError ? secondFactorErrorMessage(confirm.error) : undefined)
              }
            />
            <Alert variant="light" color="gray">
              Until you enter a code, nothing changes: your sign-in stays as it is.
            </Alert>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={confirm.isPending}>
                Turn on
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

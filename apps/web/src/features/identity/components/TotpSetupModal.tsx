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
import { t } from '../messages.ts';

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
          label={t('backupCodes.copy')}
          copiedLabel={t('backupCodes.copied')}
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
      setCodeError(t('setup.code.invalid', { digits: String(TOTP_DIGITS) }));
      return;
    }
    setCodeError(null);
    confirm.mutate(typed, { onSuccess: close });
  }

  const secret = setup ? totpSecret(setup.totpURI) : '';
  return (
    <Modal opened={opened} onClose={close} title={t('setup.title')} centered size="lg">
      {!setup ? (
        <form onSubmit={submitPassword} aria-label={t('setup.passwordForm')}>
          <Stack>
            <Text size="sm">{t('setup.passwordIntro')}</Text>
            <PasswordInput
              label={t('setup.password')}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              data-autofocus
              error={start.isError ? secondFactorErrorMessage(start.error) : undefined}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('setup.cancel')}
              </Button>
              <Button type="submit" loading={start.isPending} disabled={!password}>
                {t('setup.continue')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <form onSubmit={submitCode} aria-label={t('setup.codeForm')}>
          <Stack>
            <List type="ordered" size="sm" spacing="xs">
              <List.Item>{t('setup.step.scan')}</List.Item>
              <List.Item>{t('setup.step.keep')}</List.Item>
              <List.Item>{t('setup.step.enter')}</List.Item>
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
                  {t('setup.key')}
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
              {t('setup.backupCodes')}
            </Text>
            <BackupCodes codes={setup.backupCodes} />
            <TextInput
              label={t('setup.code.label')}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              error={
                codeError ?? (confirm.isError ? secondFactorErrorMessage(confirm.error) : undefined)
              }
            />
            <Alert variant="light" color="gray">
              {t('setup.nothingYet')}
            </Alert>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('setup.cancel')}
              </Button>
              <Button type="submit" loading={confirm.isPending}>
                {t('setup.turnOn')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

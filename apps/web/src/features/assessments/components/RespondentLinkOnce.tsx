import type { RespondentLink } from '@tenantry/shared';
import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

/** A respondent's new link, shown this once (the server keeps only its hash), with Copy. */
export function RespondentLinkOnce({ result }: { result: RespondentLink }) {
  const { respondent, link, emailed } = result;
  return (
    <Alert color="teal" variant="light" title={t('link.title')} role="status">
      <Stack gap="xs">
        <Text size="sm">
          {rich(
            t,
            emailed ? 'link.emailed' : 'link.notEmailed',
            { email: respondent.email, name: respondent.name },
            { warning: <strong>{t('link.warning')}</strong> },
          )}
        </Text>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            label={t('link.label', { name: respondent.name })}
            value={link}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            flex={1}
            miw={0}
          />
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button
                onClick={copy}
                color={copied ? 'teal' : undefined}
                leftSection={
                  copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                }
              >
                {copied ? t('link.copied') : t('link.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}

import type { RespondentLink } from '@tenantry/shared';
import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** A respondent's new link, shown this once (the server keeps only its hash), with Copy. */
export function RespondentLinkOnce({ result }: { result: RespondentLink }) {
  const { respondent, link, emailed } = result;
  return (
    <Alert color="teal" variant="light" title="Copy the link now" role="status">
      <Stack gap="xs">
        <Text size="sm">
          {emailed
            ? `We e-mailed ${respondent.email} their link. `
            : `Nothing was e-mailed: send ${respondent.name} this link yourself. `}
          <strong>It will not be shown again</strong>: a lost link can only be replaced with a new
          one.
        </Text>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            label={`Link for ${respondent.name}`}
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
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}

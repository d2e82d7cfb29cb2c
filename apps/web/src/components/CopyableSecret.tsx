import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useId } from 'react';

/** A small button that copies `value` and says so for a few seconds. */
export function CopyTextButton({
  value,
  label,
  copiedLabel,
}: {
  value: string;
  label: string;
  copiedLabel: string;
}) {
  return (
    <CopyButton value={value} timeout={3000}>
      {({ copied, copy }) => (
        <Button
          size="xs"
          variant={copied ? 'light' : 'filled'}
          color={copied ? 'teal' : undefined}
          leftSection={
            copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />
          }
          onClick={copy}
        >
          {copied ? copiedLabel : label}
        </Button>
      )}
    </CopyButton>
  );
}

/**
 * A secret (an API key, a webhook signing secret) in full: its label, the value in a block
 * that selects whole and wraps anywhere, and a button that copies it.
 */
export function CopyableSecret({
  label,
  value,
  testId,
  copyLabel,
  copiedLabel,
}: {
  label: string;
  value: string;
  /** `data-testid` of the value, for tests that read it. */
  testId: string;
  copyLabel: string;
  copiedLabel: string;
}) {
  const labelId = useId();
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600} id={labelId}>
        {label}
      </Text>
      <Code
        block
        aria-labelledby={labelId}
        data-testid={testId}
        style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', userSelect: 'all' }}
      >
        {value}
      </Code>
      <Group gap="xs">
        <CopyTextButton value={value} label={copyLabel} copiedLabel={copiedLabel} />
      </Group>
    </Stack>
  );
}

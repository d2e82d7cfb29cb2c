import { Alert, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';

/** On every view of the drill-down: what a system admin sees here cannot be changed. */
export function ReadOnlyBanner() {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconEye size={18} aria-hidden />}
      title="Viewing as system admin — read-only"
      data-testid="drill-read-only-banner"
      mb="md"
    >
      <Text size="sm">
        Nothing here can be changed. Each client tenant you open is recorded in the service audit
        log.
      </Text>
    </Alert>
  );
}

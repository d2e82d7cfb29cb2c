import { Alert, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { t } from '../../messages.ts';

/** On every view of the drill-down: what a system admin sees here cannot be changed. */
export function ReadOnlyBanner() {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconEye size={18} aria-hidden />}
      title={t('drill.readOnly.title')}
      data-testid="drill-read-only-banner"
      mb="md"
    >
      <Text size="sm">{t('drill.readOnly.body')}</Text>
    </Alert>
  );
}

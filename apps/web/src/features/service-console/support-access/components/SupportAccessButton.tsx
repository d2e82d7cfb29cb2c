import { Button } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';
import { useState } from 'react';
import { t } from '../../messages.ts';
import { StartSupportSessionModal } from './StartSupportSessionModal.tsx';

/** "View as a member…" for the account's page in the service console. */
export function SupportAccessButton({ accountId }: { accountId: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconLifebuoy size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {t('support.button')}
      </Button>
      <StartSupportSessionModal
        accountId={accountId}
        opened={opened}
        onClose={() => setOpened(false)}
      />
    </>
  );
}

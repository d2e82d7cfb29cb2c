import { Modal, Stack, Text } from '@mantine/core';
import { NAME_WRAP } from '#web/components/NameText.tsx';
import { RiskAcceptForm, type RiskBody } from './RiskAcceptForm.tsx';
import { t } from '../messages.ts';
import { rich } from '#web/i18n/rich.tsx';

/** "Risk accepted…" from a card's menu or for several tasks: the reason and review date first. */
export function RiskAcceptModal({
  subject,
  onSubmit,
  onClose,
}: {
  /** What is accepted ("“Patch the firewall”", "3 tasks"); null: closed. */
  subject: string | null;
  onSubmit: (body: RiskBody) => Promise<unknown>;
  onClose: () => void;
}) {
  return (
    <Modal opened={subject !== null} onClose={onClose} title={t('risk.title')} centered>
      {subject !== null ? (
        <Stack gap="sm">
          <Text size="sm" style={NAME_WRAP}>
            {rich(
              t,
              'risk.body',
              { subject },
              { accepted: <strong>{t('risk.body.accepted')}</strong> },
            )}
          </Text>
          <RiskAcceptForm onSubmit={onSubmit} onCancel={onClose} />
        </Stack>
      ) : null}
    </Modal>
  );
}

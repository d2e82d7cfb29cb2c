import { Modal, Stack, Text } from '@mantine/core';
import { NAME_WRAP } from '#web/components/NameText.tsx';
import { RiskAcceptForm, type RiskBody } from './RiskAcceptForm.tsx';

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
    <Modal opened={subject !== null} onClose={onClose} title="Accept the risk" centered>
      {subject !== null ? (
        <Stack gap="sm">
          <Text size="sm" style={NAME_WRAP}>
            {subject} will be marked as <strong>risk accepted</strong>: not fixed, on purpose, until
            it is reviewed again.
          </Text>
          <RiskAcceptForm onSubmit={onSubmit} onCancel={onClose} />
        </Stack>
      ) : null}
    </Modal>
  );
}

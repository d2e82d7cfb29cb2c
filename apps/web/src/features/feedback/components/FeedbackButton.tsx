import { Button, Popover, Stack, Text } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useState, type ComponentType } from 'react';
import { t } from '../messages.ts';

type FormComponent = ComponentType<{ onClose: () => void }>;

// The form (and its validation) loads when someone reaches for the button, not with every page.
const loadForm = () => import('./FeedbackForm.tsx');

/**
 * The feedback button of the main layout's header ("Feedback"; an icon on a phone), opening a
 * small form beside it: a rating 1–5, an optional comment, send. The popover opens once the
 * form's code is there (it starts loading on hover or focus), so focus lands in the form.
 */
export function FeedbackButton() {
  const [opened, setOpened] = useState(false);
  const [Form, setForm] = useState<FormComponent | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const close = () => setOpened(false);
  const toggle = () => {
    if (opened) return close();
    loadForm().then(
      (m) => {
        setForm(() => m.FeedbackForm);
        setLoadFailed(false);
        setOpened(true);
      },
      () => {
        setLoadFailed(true);
        setOpened(true);
      },
    );
  };
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      width={320}
      position="bottom-end"
      shadow="md"
      trapFocus
      returnFocus
      withArrow
    >
      <Popover.Target>
        <Button
          variant="default"
          size="xs"
          px={8}
          // The visible word is the name (WCAG 2.5.3); on a phone only the icon shows.
          aria-label={t('button.label')}
          aria-haspopup="dialog"
          aria-expanded={opened}
          leftSection={<IconMessageCircle size={16} aria-hidden />}
          styles={{ section: { marginInlineEnd: 0 } }}
          onClick={toggle}
          onPointerEnter={() => void loadForm().catch(() => {})}
          onFocus={() => void loadForm().catch(() => {})}
        >
          <Text span size="xs" fw={500} ml={6} visibleFrom="sm">
            {t('button.text')}
          </Text>
        </Button>
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-label={t('button.dialog')} maw="calc(100vw - 16px)">
        {loadFailed || !Form ? (
          <Stack gap="xs" align="flex-start">
            <Text size="sm" role="alert">
              {t('button.loadFailed')}
            </Text>
            <Button size="xs" variant="default" onClick={close}>
              {t('button.close')}
            </Button>
          </Stack>
        ) : opened ? (
          <Form onClose={close} />
        ) : null}
      </Popover.Dropdown>
    </Popover>
  );
}

import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { t } from './messages.ts';

/** The switch's words: English, or the shared layout's language. */
export interface ThemeToggleLabels {
  toggle: string;
  to: (scheme: 'dark' | 'light') => string;
}

const english = (): ThemeToggleLabels => ({
  toggle: t('themeToggle.toggle'),
  to: (scheme) => t('themeToggle.to', { scheme }),
});

/** Light/dark switch; the initial scheme follows the system preference ("auto"). */
export function ThemeToggle({ labels = english() }: { labels?: ThemeToggleLabels }) {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const next = computed === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={labels.toggle}
      title={labels.to(next)}
      onClick={() => setColorScheme(next)}
    >
      {computed === 'dark' ? <IconSun size={18} aria-hidden /> : <IconMoon size={18} aria-hidden />}
    </ActionIcon>
  );
}

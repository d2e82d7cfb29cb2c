import type { FrameworkDetail } from '@tenantry/shared';
import { Alert, List, Spoiler, Stack, Text } from '@mantine/core';
import { translationLanguageLabel, translationsSummary } from '../lib/framework-status.ts';
import { t } from '../messages.ts';

/**
 * The draft's languages and what lacks them (docs/languages.md): a warning, not a problem —
 * a missing translation shows the English text to respondents in that language.
 */
export function TranslationsNotice({ detail }: { detail: FrameworkDetail }) {
  const missing = detail.translations.filter((r) => r.count > 0);
  if (missing.length === 0) return null;
  return (
    <Alert color="yellow" variant="light" title={t('translations.title')}>
      <Stack gap={6}>
        <Text size="sm">
          {t('translations.body', { summary: translationsSummary(detail.translations) ?? '' })}
        </Text>
        <Spoiler
          maxHeight={0}
          showLabel={t('translations.show')}
          hideLabel={t('translations.hide')}
        >
          {missing.map((r) => (
            <Stack key={r.locale} gap={2} mt="xs">
              <Text size="sm" fw={500}>
                {translationLanguageLabel(r.locale)}
              </Text>
              <List size="sm">
                {r.items.map((item) => (
                  <List.Item key={item.key}>
                    <code>{item.key}</code>: {item.fields.join(', ')}
                  </List.Item>
                ))}
              </List>
              {r.items.length < r.count ? (
                <Text size="xs" c="dimmed">
                  {t('translations.firstItems', { count: r.items.length })}
                </Text>
              ) : null}
            </Stack>
          ))}
        </Spoiler>
      </Stack>
    </Alert>
  );
}

import type { FrameworkDetail } from '@tenantry/shared';
import { Alert, List, Spoiler, Stack, Text } from '@mantine/core';
import { TRANSLATION_LANGUAGE_LABELS, translationsSummary } from '../lib/framework-status.ts';

/**
 * The draft's languages and what lacks them (docs/languages.md): a warning, not a problem —
 * a missing translation shows the English text to respondents in that language.
 */
export function TranslationsNotice({ detail }: { detail: FrameworkDetail }) {
  const missing = detail.translations.filter((r) => r.count > 0);
  if (missing.length === 0) return null;
  return (
    <Alert color="yellow" variant="light" title="Some translations are missing">
      <Stack gap={6}>
        <Text size="sm">
          {translationsSummary(detail.translations)}. Respondents in those languages see the English
          text there; add the translations to the framework file and import it into the draft.
        </Text>
        <Spoiler maxHeight={0} showLabel="Show what is missing" hideLabel="Hide">
          {missing.map((r) => (
            <Stack key={r.locale} gap={2} mt="xs">
              <Text size="sm" fw={500}>
                {TRANSLATION_LANGUAGE_LABELS[r.locale]}
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
                  The first {r.items.length} items are listed.
                </Text>
              ) : null}
            </Stack>
          ))}
        </Spoiler>
      </Stack>
    </Alert>
  );
}

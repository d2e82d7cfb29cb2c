import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link } from 'react-router';
import { useHelpArticles } from '../api/search-help.ts';
import { t } from '../messages.ts';

/** "These articles may answer it": published articles matching what is typed, as it is typed. */
export function HelpSuggestions({ text }: { text: string }) {
  const [q] = useDebouncedValue(text.trim().slice(0, 200), 400);
  const help = useHelpArticles(q);
  const items = q.length >= 3 ? (help.data?.items ?? []) : [];
  if (!items.length) return null;
  return (
    <Paper withBorder p="sm" role="region" aria-label={t('help.label')}>
      <Text fw={600} size="sm" mb={4}>
        {t('help.title')}
      </Text>
      <Stack gap={4} component="ul" style={{ margin: 0, paddingLeft: '1.2rem' }}>
        {items.map((a) => (
          <li key={a.id}>
            <Anchor
              component={Link}
              to={`/explore/articles?item=${encodeURIComponent(a.id)}`}
              target="_blank"
              size="sm"
            >
              {a.title}
            </Anchor>
            {a.summary ? (
              <Text size="xs" c="dimmed" lineClamp={2}>
                {a.summary}
              </Text>
            ) : null}
          </li>
        ))}
      </Stack>
    </Paper>
  );
}

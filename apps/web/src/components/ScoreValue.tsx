import { formatScore } from '@tenantry/shared';
import { Badge, Group, Text, type TextProps } from '@mantine/core';
import { t } from './messages.ts';

export interface ScoreValueProps extends Omit<TextProps, 'children'> {
  score: number | null;
  /** The API's `provisional`: the assessment is not completed, so the score may still change. */
  provisional: boolean;
  answered: number;
  total: number;
}

/** "so far, 3 of 27 answered": what a provisional score stands on. */
export function provisionalNote(answered: number, total: number): string {
  return t('score.soFar', { answered, total });
}

/**
 * A score as every screen shows it (docs/scoring.md): the whole percentage, or "—". Until the
 * assessment is completed it is marked provisional, with the answers it stands on, so a score
 * after a few answers never reads as a final one.
 */
export function ScoreValue({ score, provisional, answered, total, ...text }: ScoreValueProps) {
  if (!provisional || score === null) {
    return <Text {...text}>{formatScore(score)}</Text>;
  }
  return (
    <Group gap={6} wrap="wrap" align="baseline">
      <Text {...text} c="dimmed">
        {formatScore(score)}
      </Text>
      <Badge size="xs" variant="outline" color="gray" tt="none">
        {t('score.provisional')}
      </Badge>
      <Text size="xs" c="dimmed">
        {provisionalNote(answered, total)}
      </Text>
    </Group>
  );
}

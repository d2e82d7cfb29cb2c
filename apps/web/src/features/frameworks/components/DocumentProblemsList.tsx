import type { DocumentProblem } from '@tenantry/shared';
import { Box, Code, List, Stack, Text, UnstyledButton } from '@mantine/core';
import { describeProblemPath } from '../lib/document-problems.ts';
import { t } from '../messages.ts';

interface DocumentProblemsListProps {
  problems: readonly DocumentProblem[];
  /** The document the paths point into (to name sections and questions by key). */
  document: unknown;
  /** Makes each problem a button that goes to its place (the editor). */
  onSelect?: (problem: DocumentProblem) => void;
  /** An accessible name for the list. */
  label?: string;
}

/**
 * Every problem of a framework file, in the file's order: where it is in words (section and
 * question keys), its exact path, and what is wrong.
 */
export function DocumentProblemsList({
  problems,
  document,
  onSelect,
  label = t('problems.list.label'),
}: DocumentProblemsListProps) {
  return (
    <Box mah={360} style={{ overflowY: 'auto', overflowX: 'hidden' }}>
      <List spacing="xs" size="sm" aria-label={label} listStyleType="none" ml={0} pl={0}>
        {problems.map((p) => {
          const body = (
            <Stack gap={0}>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {describeProblemPath(document, p.path)}: {p.message}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                <Code>{p.path}</Code>
              </Text>
            </Stack>
          );
          return (
            <List.Item key={p.path + p.message}>
              {onSelect ? (
                <UnstyledButton onClick={() => onSelect(p)} style={{ textAlign: 'left' }}>
                  {body}
                </UnstyledButton>
              ) : (
                body
              )}
            </List.Item>
          );
        })}
      </List>
    </Box>
  );
}

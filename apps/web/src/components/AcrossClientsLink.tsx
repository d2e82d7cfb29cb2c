import { Anchor } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { t } from './messages.ts';

/** The page of one question across all clients (docs/across-clients.md). */
export const acrossClientsHref = (frameworkId: string, questionKey: string) =>
  `/questions/${encodeURIComponent(frameworkId)}/${encodeURIComponent(questionKey)}`;

/**
 * "How do my clients answer this?" beside a question (Explore, an assessment, the baseline
 * view). Members only: the screen that shows it decides.
 */
export function AcrossClientsLink({
  frameworkId,
  questionKey,
}: {
  frameworkId: string;
  questionKey: string;
}) {
  return (
    <Anchor
      component={Link}
      to={acrossClientsHref(frameworkId, questionKey)}
      size="sm"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
    >
      <IconUsersGroup size={14} aria-hidden />
      {t('acrossClients.link')}
    </Anchor>
  );
}

import { SCREEN_TABS, SCREEN_TITLES } from '@tenantry/shared';
import { Group, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { NotBuiltYet } from '../../../components/NotBuiltYet.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ScreenTabs } from '../../../components/ScreenTabs.tsx';
import type { ScreenProps } from '../../screens.ts';

const TABS = SCREEN_TABS.tenant;
const BODY: Record<string, string> = {
  overview: 'The client tenant overview arrives with the multi-tenant core.',
  assessments: 'Assessments arrive with the assessments feature.',
  baseline: 'The baseline view arrives with assessments and scoring.',
  remediation: 'Remediation tasks arrive with playbooks and remediation.',
  sharing: 'Sharing a client tenant arrives with the sharing feature.',
  settings: 'Client tenant settings arrive with the multi-tenant core.',
};

/** tenant/{tenantId}[/{tab}[/{focus}]]: the last form is the baseline view (seed §2). */
export default function TenantScreen({ screen }: ScreenProps) {
  const { tenantId = '', tab, focus } = useParams();
  const active = tab ?? TABS[0];
  const base = `/tenant/${encodeURIComponent(tenantId)}`;
  return (
    <>
      <PageHeader title={SCREEN_TITLES[screen]} />
      <Group gap="lg" mb="sm" wrap="wrap">
        <Text size="sm">
          Client tenant <strong>{tenantId}</strong>
        </Text>
        {focus ? (
          <Text size="sm">
            In focus: <strong>{focus}</strong>
          </Text>
        ) : null}
      </Group>
      <ScreenTabs
        label="Client tenant sections"
        tabs={TABS}
        active={active}
        hrefFor={(t) => `${base}/${t}`}
      >
        <NotBuiltYet>
          {BODY[active] ?? 'There is no such section.'} This screen is not built yet.
        </NotBuiltYet>
      </ScreenTabs>
    </>
  );
}

import { EVIDENCE_STATES, type EvidenceUse } from '@tenantry/shared';
import { evidenceStateLabel } from '#web/lib/labels.ts';
import { Button, Group, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFiles, IconSearch } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PagedList } from '#web/components/PagedList.tsx';
import type { EvidenceStateFilter } from '../api/evidence-keys.ts';
import { useEvidenceList } from '../api/list-evidence.ts';
import { EvidenceDetailDrawer } from './EvidenceDetailDrawer.tsx';
import { EvidenceDropZone } from './EvidenceDropZone.tsx';
import { EvidenceFileRow } from './EvidenceFileRow.tsx';
import { useEvidenceUploads } from './use-evidence-uploads.ts';
import { t } from '../messages.ts';

const filters = (): { value: EvidenceStateFilter; label: string }[] => [
  { value: 'all', label: t('library.filter.all') },
  ...[...EVIDENCE_STATES].reverse().map((s) => ({ value: s, label: evidenceStateLabel(s) })),
];

/**
 * A client tenant's evidence library: every file with its state and where it is used, search
 * by name, filter by state (expired, expiring soon, current); files uploaded here wait to be
 * attached; a file's drawer edits, replaces (keeping revisions), downloads and deletes it.
 */
export function EvidenceLibrary({
  tenantId,
  canEdit,
  hrefOfUse,
}: {
  tenantId: string;
  /** Upload, edit, replace and delete (members and contributors; a viewer reads). */
  canEdit: boolean;
  /** Where an answer using a file is opened. */
  hrefOfUse: (u: EvidenceUse) => string;
}) {
  const [q, setQ] = useState('');
  const [search] = useDebouncedValue(q.trim(), 250);
  // The state filter and the open file live in the address (`?state=expired&file=<id>`): the
  // expiry e-mail links straight to a file, and a filtered list can be shared or reloaded.
  const [params, setParams] = useSearchParams();
  const stateFilters = filters();
  const state = stateFilters.some((f) => f.value === params.get('state'))
    ? (params.get('state') as EvidenceStateFilter)
    : 'all';
  const open = params.get('file');
  const setParam = (name: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  const setState = (v: EvidenceStateFilter) => setParam('state', v === 'all' ? null : v);
  const setOpen = (id: string | null) => setParam('file', id);
  const filterLabel = useId();
  const list = useEvidenceList(tenantId, search, state);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const uploads = useEvidenceUploads({ tenantId, target: { kind: 'new', tenantId }, room: null });
  const filtered = search !== '' || state !== 'all';

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('library.search')}
          placeholder={t('library.search.placeholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          flex="1 1 220px"
        />
        <div>
          <Text size="sm" fw={500} id={filterLabel} mb={4}>
            {t('library.state')}
          </Text>
          <SegmentedControl
            aria-labelledby={filterLabel}
            value={state}
            onChange={(v) => setState(v as EvidenceStateFilter)}
            data={stateFilters}
            size="sm"
          />
        </div>
      </Group>
      {canEdit ? <EvidenceDropZone label={t('library.upload')} uploads={uploads} /> : null}
      <PagedList
        query={list}
        count={items.length}
        noun={t('paged.files')}
        empty={
          filtered ? (
            <Text c="dimmed" role="status">
              {t('library.noMatch')}{' '}
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => {
                  setQ('');
                  setState('all');
                }}
              >
                {t('library.showAll')}
              </Button>
            </Text>
          ) : (
            <Paper withBorder p="lg" radius="md" role="status">
              <Stack align="center" gap="xs">
                <IconFiles size={32} aria-hidden />
                <Text fw={500}>{t('library.empty.title')}</Text>
                <Text size="sm" c="dimmed" ta="center" maw={460}>
                  {canEdit ? t('library.empty.bodyEditable') : t('library.empty.body')}
                </Text>
              </Stack>
            </Paper>
          )
        }
      >
        <Stack
          gap="xs"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('library.list')}
        >
          {items.map((f) => (
            <Paper key={f.id} component="li" withBorder p="sm" radius="md">
              <EvidenceFileRow
                file={f}
                extra={
                  <Text size="xs" c="dimmed">
                    {t('library.uses', { count: f.useCount })}
                  </Text>
                }
                actions={
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={t('library.openLabel', { name: f.name })}
                    onClick={() => setOpen(f.id)}
                  >
                    {t('library.open')}
                  </Button>
                }
              />
            </Paper>
          ))}
        </Stack>
      </PagedList>
      <EvidenceDetailDrawer
        tenantId={tenantId}
        evidenceId={open}
        canEdit={canEdit}
        hrefOfUse={hrefOfUse}
        onClose={() => setOpen(null)}
      />
    </Stack>
  );
}

export default EvidenceLibrary;

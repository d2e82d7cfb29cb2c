import { Button, Modal, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { PagedList } from '#web/components/PagedList.tsx';
import { useEvidenceList } from '../api/list-evidence.ts';
import { evidenceErrorText } from '../lib/evidence-errors.ts';
import { EvidenceFileRow } from './EvidenceFileRow.tsx';
import { t } from '../messages.ts';

/**
 * "Add from library": the client tenant's evidence files, searchable; "Attach" links one to
 * the answer (files already linked say so).
 */
export function LibraryPickerModal({
  tenantId,
  opened,
  onClose,
  linked,
  attaching,
  error,
  onAttach,
}: {
  tenantId: string;
  opened: boolean;
  onClose: () => void;
  /** Ids of the files the answer already has. */
  linked: ReadonlySet<string>;
  /** The file being attached. */
  attaching: string | null;
  error: unknown;
  onAttach: (evidenceId: string) => void;
}) {
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q.trim(), 250);
  return (
    <Modal opened={opened} onClose={onClose} title={t('picker.title')} size="lg">
      {opened ? (
        <LibraryChoices
          tenantId={tenantId}
          q={q}
          search={debounced}
          onSearch={setQ}
          linked={linked}
          attaching={attaching}
          error={error}
          onAttach={onAttach}
        />
      ) : null}
    </Modal>
  );
}

function LibraryChoices({
  tenantId,
  q,
  search,
  onSearch,
  linked,
  attaching,
  error,
  onAttach,
}: {
  tenantId: string;
  q: string;
  search: string;
  onSearch: (q: string) => void;
  linked: ReadonlySet<string>;
  attaching: string | null;
  error: unknown;
  onAttach: (evidenceId: string) => void;
}) {
  const list = useEvidenceList(tenantId, search, 'all');
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack gap="sm">
      <TextInput
        label={t('picker.search')}
        placeholder={t('picker.search.placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={q}
        onChange={(e) => onSearch(e.currentTarget.value)}
        data-autofocus
      />
      {error ? <ErrorAlert>{evidenceErrorText(error)}</ErrorAlert> : null}
      <PagedList
        query={list}
        count={items.length}
        noun={t('paged.files')}
        skeletons={3}
        empty={
          <Stack gap={4} role="status">
            {search ? t('picker.noMatch') : t('picker.empty')}
          </Stack>
        }
      >
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((f) => (
            <li key={f.id}>
              <EvidenceFileRow
                file={f}
                actions={
                  <Button
                    size="xs"
                    variant={linked.has(f.id) ? 'subtle' : 'light'}
                    disabled={linked.has(f.id) || (attaching !== null && attaching !== f.id)}
                    loading={attaching === f.id}
                    aria-label={
                      linked.has(f.id)
                        ? t('picker.attachedLabel', { name: f.name })
                        : t('picker.attachLabel', { name: f.name })
                    }
                    onClick={() => onAttach(f.id)}
                  >
                    {linked.has(f.id) ? t('picker.attached') : t('picker.attach')}
                  </Button>
                }
              />
            </li>
          ))}
        </Stack>
      </PagedList>
    </Stack>
  );
}

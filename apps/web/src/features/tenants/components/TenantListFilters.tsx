import { Group, Select, Switch, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import {
  DEFAULT_CONTROLS,
  parseSortChoice,
  SORT_CHOICES,
  toListQuery,
  type TenantListControls,
} from '../lib/list-query.ts';
import { t } from '../messages.ts';

/** The list's controls as typed, and the query they make (search and tag debounced). */
export function useTenantListControls() {
  const [controls, setControls] = useState<TenantListControls>(DEFAULT_CONTROLS);
  const [search] = useDebouncedValue(controls.search, 300);
  const [tag] = useDebouncedValue(controls.tag ?? '', 300);
  const filters = useMemo(() => toListQuery({ ...controls, search, tag }), [controls, search, tag]);
  const update = (patch: Partial<TenantListControls>) => setControls((c) => ({ ...c, ...patch }));
  return { controls, update, filters, filtered: Boolean(filters.q || filters.tag) };
}

/** Search, tag, sort and "Show archived" of a tenant list; `children` after them (actions). */
export function TenantListFilters({
  controls,
  onChange,
  children,
}: {
  controls: TenantListControls;
  onChange: (patch: Partial<TenantListControls>) => void;
  children?: ReactNode;
}) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label={t('filters.search')}
        placeholder={t('filters.search.placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={controls.search}
        onChange={(e) => onChange({ search: e.currentTarget.value })}
        flex="1 1 220px"
        type="search"
      />
      <TextInput
        label={t('filters.tag')}
        placeholder={t('filters.tag.placeholder')}
        value={controls.tag ?? ''}
        onChange={(e) => onChange({ tag: e.currentTarget.value || null })}
        flex="0 1 160px"
      />
      <Select
        label={t('filters.sort')}
        data={SORT_CHOICES.map((c) => ({ value: c.value, label: t(c.labelKey) }))}
        value={`${controls.sort}:${controls.order}`}
        onChange={(v) => onChange(parseSortChoice(v))}
        allowDeselect={false}
        flex="0 1 200px"
      />
      <Switch
        label={t('filters.showArchived')}
        checked={controls.showArchived}
        onChange={(e) => onChange({ showArchived: e.currentTarget.checked })}
        mb={8}
      />
      {children}
    </Group>
  );
}

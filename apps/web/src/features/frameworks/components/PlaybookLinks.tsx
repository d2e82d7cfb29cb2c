import { FRAMEWORK_LIMITS, type ContentScope } from '@tenantry/shared';
import { MultiSelect } from '@mantine/core';
import { usePlaybookChoices } from '../api/list-playbook-choices.ts';
import { t } from '../messages.ts';

interface PlaybookLinksProps {
  value: string[];
  onChange: (keys: string[]) => void;
  error?: string;
  /** The framework's scope: a global framework links global playbooks only. */
  scope: ContentScope;
}

/** The playbooks a question links to (by key): what to do when its answer falls short. */
export function PlaybookLinks({ value, onChange, error, scope }: PlaybookLinksProps) {
  const choices = usePlaybookChoices();
  const available = (choices.data ?? []).filter((p) => scope === 'private' || p.scope === 'global');
  const known = new Set(available.map((p) => p.key));
  const data = [
    ...available
      .filter((p, i, all) => all.findIndex((x) => x.key === p.key) === i)
      .map((p) => ({
        value: p.key,
        label: [
          t('playbooks.option', { title: p.title, key: p.key }),
          ...(p.draft ? [t('playbooks.option.draft')] : []),
          ...(scope === 'private' && p.scope === 'global' ? [t('playbooks.option.global')] : []),
        ].join(' · '),
      })),
    // A link the lists do not have (an imported key, or one not readable) stays visible.
    ...value
      .filter((k) => !known.has(k))
      .map((k) => ({ value: k, label: t('playbooks.notFound', { key: k }) })),
  ];
  return (
    <MultiSelect
      label={t('playbooks.label')}
      description={choices.isError ? t('playbooks.loadFailed') : t('playbooks.description')}
      placeholder={value.length ? undefined : t('playbooks.placeholder')}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      maxValues={FRAMEWORK_LIMITS.playbooks}
      nothingFoundMessage={choices.isPending ? t('playbooks.loading') : t('playbooks.noMatch')}
      error={error}
    />
  );
}

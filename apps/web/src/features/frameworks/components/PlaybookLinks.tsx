import { FRAMEWORK_LIMITS, type ContentScope } from '@tenantry/shared';
import { MultiSelect } from '@mantine/core';
import { usePlaybookChoices } from '../api/list-playbook-choices.ts';

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
        label: `${p.title} (${p.key})${p.draft ? ' · draft' : ''}${scope === 'private' && p.scope === 'global' ? ' · global' : ''}`,
      })),
    // A link the lists do not have (an imported key, or one not readable) stays visible.
    ...value.filter((k) => !known.has(k)).map((k) => ({ value: k, label: `${k} (not found)` })),
  ];
  return (
    <MultiSelect
      label="Playbooks"
      description={
        choices.isError
          ? 'The playbooks could not be loaded; the links already set stay.'
          : 'What to do when the answer falls short of the target.'
      }
      placeholder={value.length ? undefined : 'Choose playbooks'}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      maxValues={FRAMEWORK_LIMITS.playbooks}
      nothingFoundMessage={choices.isPending ? 'Loading playbooks…' : 'No such playbook'}
      error={error}
    />
  );
}

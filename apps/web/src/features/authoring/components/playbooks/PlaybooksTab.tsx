import { IconChecklist } from '@tabler/icons-react';
import { PriorityBadge } from '#web/components/ContentBadges.tsx';
import { ItemTab, type ItemTabProps } from '../items/ItemTab.tsx';
import type { ItemListView } from '../items/ItemList.tsx';
import { PlaybookEditor } from './PlaybookEditor.tsx';

const steps = (n: number) => `${n} ${n === 1 ? 'step' : 'steps'}`;

const PLAYBOOK_LIST: ItemListView<'playbooks'> = {
  icon: <IconChecklist size={40} aria-hidden />,
  tableMinWidth: 640,
  columns: [
    { header: 'Priority', cell: (p) => <PriorityBadge priority={p.priority} /> },
    { header: 'Steps', cell: (p) => p.stepCount },
  ],
  cardBadges: (p) => <PriorityBadge priority={p.priority} />,
  cardUpdated: (p) => `${steps(p.stepCount)} · updated`,
};

/** Content admin, playbooks: the list, or the editor of the playbook in focus. */
export function PlaybooksTab({ focus, hrefFor, onInsertImage }: ItemTabProps) {
  return (
    <ItemTab
      kind="playbooks"
      focus={focus}
      hrefFor={hrefFor}
      view={PLAYBOOK_LIST}
      editor={(playbook, listHref) => (
        <PlaybookEditor playbook={playbook} listHref={listHref} onInsertImage={onInsertImage} />
      )}
    />
  );
}

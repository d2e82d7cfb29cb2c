import { IconChecklist } from '@tabler/icons-react';
import { PriorityBadge } from '#web/components/ContentBadges.tsx';
import { t } from '../../messages.ts';
import { ItemTab, type ItemTabProps } from '../items/ItemTab.tsx';
import type { ItemListView } from '../items/ItemList.tsx';
import { PlaybookEditor } from './PlaybookEditor.tsx';

const playbookList = (): ItemListView<'playbooks'> => ({
  icon: <IconChecklist size={40} aria-hidden />,
  tableMinWidth: 640,
  columns: [
    {
      header: t('playbooks.column.priority'),
      cell: (p) => <PriorityBadge priority={p.priority} />,
    },
    { header: t('playbooks.column.steps'), cell: (p) => p.stepCount },
  ],
  cardBadges: (p) => <PriorityBadge priority={p.priority} />,
  cardUpdated: (p) => t('playbooks.card.updated', { count: p.stepCount }),
});

/** Content admin, playbooks: the list, or the editor of the playbook in focus. */
export function PlaybooksTab({ focus, hrefFor, onInsertImage }: ItemTabProps) {
  return (
    <ItemTab
      kind="playbooks"
      focus={focus}
      hrefFor={hrefFor}
      view={playbookList()}
      editor={(playbook, listHref) => (
        <PlaybookEditor playbook={playbook} listHref={listHref} onInsertImage={onInsertImage} />
      )}
    />
  );
}

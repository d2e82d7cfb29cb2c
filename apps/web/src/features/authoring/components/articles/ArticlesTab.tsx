import { IconArticle } from '@tabler/icons-react';
import { Tags } from '#web/components/ContentBadges.tsx';
import { ItemTab, type ItemTabProps } from '../items/ItemTab.tsx';
import type { ItemListView } from '../items/ItemList.tsx';
import { ArticleEditor } from './ArticleEditor.tsx';

const ARTICLE_LIST: ItemListView<'articles'> = {
  icon: <IconArticle size={40} aria-hidden />,
  tableMinWidth: 560,
  columns: [{ header: 'Tags', cell: (a) => <Tags tags={a.tags} filled /> }],
  cardFooter: (a) => <Tags tags={a.tags} filled />,
};

/** Content admin, articles: the list, or the editor of the article in focus. */
export function ArticlesTab({ focus, hrefFor, onInsertImage }: ItemTabProps) {
  return (
    <ItemTab
      kind="articles"
      focus={focus}
      hrefFor={hrefFor}
      view={ARTICLE_LIST}
      editor={(article, listHref) => (
        <ArticleEditor article={article} listHref={listHref} onInsertImage={onInsertImage} />
      )}
    />
  );
}

import { IconArticle } from '@tabler/icons-react';
import { Tags } from '#web/components/ContentBadges.tsx';
import { t } from '../../messages.ts';
import { ItemTab, type ItemTabProps } from '../items/ItemTab.tsx';
import type { ItemListView } from '../items/ItemList.tsx';
import { ArticleEditor } from './ArticleEditor.tsx';

const articleList = (): ItemListView<'articles'> => ({
  icon: <IconArticle size={40} aria-hidden />,
  tableMinWidth: 560,
  columns: [{ header: t('articles.column.tags'), cell: (a) => <Tags tags={a.tags} filled /> }],
  cardFooter: (a) => <Tags tags={a.tags} filled />,
});

/** Content admin, articles: the list, or the editor of the article in focus. */
export function ArticlesTab({ focus, hrefFor, onInsertImage }: ItemTabProps) {
  return (
    <ItemTab
      kind="articles"
      focus={focus}
      hrefFor={hrefFor}
      view={articleList()}
      editor={(article, listHref) => (
        <ArticleEditor article={article} listHref={listHref} onInsertImage={onInsertImage} />
      )}
    />
  );
}

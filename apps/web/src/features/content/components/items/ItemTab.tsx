import { Anchor, Button, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useArticle } from '../../api/articles/get-article.ts';
import { ArticleEditor, type InsertImageHandler } from './ArticleEditor.tsx';
import { ArticleList } from './ArticleList.tsx';

export interface ArticlesTabProps {
  /** The id of the article being edited; without it the list shows. */
  focus: string | undefined;
  /** The URL of this tab, or of one article in it. */
  hrefFor: (focus?: string) => string;
  /**
   * Lets the body insert images: the screen passes the media feature's image picker
   * (`useImagePicker().open`). Without it, images are not offered.
   */
  onInsertImage?: InsertImageHandler;
}

function ArticleEditorScreen({
  id,
  listHref,
  onInsertImage,
}: {
  id: string;
  listHref: string;
  onInsertImage?: InsertImageHandler;
}) {
  const article = useArticle(id);
  if (article.isPending) {
    return (
      <Stack gap="sm" aria-label="Loading the article" aria-busy>
        <Skeleton height={36} width="60%" />
        <Skeleton height={180} />
        <Skeleton height={120} />
      </Stack>
    );
  }
  if (article.isError) {
    const missing = article.error instanceof ApiError && article.error.status === 404;
    return (
      <ErrorAlert title={missing ? 'There is no such article' : 'The article could not be loaded'}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {missing
              ? 'It may have been deleted, or it is not one you may edit.'
              : article.error.message}
          </Text>
          {missing ? null : (
            <Button size="xs" variant="light" onClick={() => void article.refetch()}>
              Try again
            </Button>
          )}
          <Anchor component={Link} to={listHref} size="sm">
            All articles
          </Anchor>
        </Stack>
      </ErrorAlert>
    );
  }
  return (
    <ArticleEditor
      key={article.data.id}
      article={article.data}
      listHref={listHref}
      onInsertImage={onInsertImage}
    />
  );
}

/** Content admin, articles: the list, or the editor of the article in focus. */
export function ArticlesTab({ focus, hrefFor, onInsertImage }: ArticlesTabProps) {
  if (focus) {
    return <ArticleEditorScreen id={focus} listHref={hrefFor()} onInsertImage={onInsertImage} />;
  }
  return <ArticleList hrefFor={hrefFor} />;
}

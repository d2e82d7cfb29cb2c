import { ArticleContentSchema, type Article } from '@tenantry/shared';
import { Stack, Text } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { Markdown } from '#web/components/markdown/Markdown.tsx';
import { MarkdownEditor } from '#web/components/markdown/MarkdownEditor.tsx';
import type { OpenImagePicker } from '#web/components/markdown/insert-image.ts';
import { formValuesOf, readingTime, toSaveBody } from '../../lib/articles/article-form.ts';
import { t } from '../../messages.ts';
import { ItemEditor } from '../items/ItemEditor.tsx';

interface ArticleEditorProps {
  article: Article;
  /** The list's URL (after a delete, "All articles"). */
  listHref: string;
  onInsertImage?: OpenImagePicker;
}

const validate = schemaResolver(ArticleContentSchema, { sync: true });

/**
 * The article editor: title, summary, tags and the markdown body with a live preview and
 * images from the media library, in the item editor (save, conflict, publish, delete).
 */
export function ArticleEditor({ article, listHref, onInsertImage }: ArticleEditorProps) {
  return (
    <ItemEditor
      kind="articles"
      item={article}
      listHref={listHref}
      formValuesOf={formValuesOf}
      toSaveBody={toSaveBody}
      validate={validate}
      onInsertImage={onInsertImage}
      fact={(values) => readingTime(values.body)}
      renderTheirs={(current) => (
        <Stack gap="xs">
          <Text fw={600}>{current.title}</Text>
          <Markdown fz="sm">{current.body}</Markdown>
        </Stack>
      )}
    >
      {(form, insertImage) => (
        <MarkdownEditor
          label={t('article.body.label')}
          description={t('article.body.hint')}
          value={form.values.body}
          onChange={(body) => form.setFieldValue('body', body)}
          error={form.errors.body}
          minHeight={460}
          onInsertImage={insertImage}
        />
      )}
    </ItemEditor>
  );
}

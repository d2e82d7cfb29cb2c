import { Button, Group, Input, Skeleton, type MantineFontSize } from '@mantine/core';
import { IconPhotoPlus } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useId, useState, type ReactNode } from 'react';
import { t } from '../messages.ts';

// The editor (and its styles) is a chunk of its own: only a screen that edits markdown loads it.
const MarkdownEditorCore = lazy(() => import('./MarkdownEditorCore.tsx'));

export interface MarkdownEditorProps {
  value: string;
  onChange: (value: string) => void;
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  /** Height of the editing area in pixels (it can be dragged taller); 320 by default. */
  minHeight?: number;
  /** The preview's text size: what readers see (`sm` where the text is shown small). */
  previewSize?: MantineFontSize;
  /**
   * Lets the author insert an image: called with `insert`, which puts the given markdown
   * (`![alt](/api/v1/media/…)`) where the cursor was. The caller opens its own picker (the
   * media feature's ImagePicker), so this component knows no domain.
   */
  onInsertImage?: (insert: (markdown: string) => void) => void;
}

/**
 * THE markdown editor of the app: a toolbar, the text and a live preview drawn by our own
 * renderer (Markdown.tsx), in Mantine's colours (light and dark). Tab moves the focus on; the
 * "Insert image" action (toolbar and button) appears when `onInsertImage` is given.
 */
export function MarkdownEditor({
  value,
  onChange,
  label,
  description,
  error,
  required,
  minHeight = 320,
  previewSize,
  onInsertImage,
}: MarkdownEditorProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const [startInsert, setStartInsert] = useState<(() => void) | null>(null);
  const register = useCallback((start: (() => void) | null) => setStartInsert(() => start), []);
  const describedBy =
    [error ? errorId : null, description ? descriptionId : null].filter(Boolean).join(' ') ||
    undefined;

  return (
    <Input.Wrapper
      id={id}
      label={label}
      description={description}
      error={error}
      required={required}
      errorProps={{ id: errorId }}
      descriptionProps={{ id: descriptionId }}
    >
      <Suspense
        fallback={
          <Skeleton height={minHeight + 30} radius="sm" mt={4} aria-label={t('markdown.loading')} />
        }
      >
        <div style={{ marginTop: 4 }}>
          <MarkdownEditorCore
            id={id}
            value={value}
            onChange={onChange}
            height={minHeight}
            previewSize={previewSize}
            describedBy={describedBy}
            invalid={Boolean(error)}
            onInsertImage={onInsertImage}
            registerInsertImage={register}
          />
        </div>
      </Suspense>
      {onInsertImage ? (
        <Group mt={6} gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPhotoPlus size={16} aria-hidden />}
            onClick={() => startInsert?.()}
            disabled={!startInsert}
          >
            {t('markdown.insertImage')}
          </Button>
        </Group>
      ) : null}
    </Input.Wrapper>
  );
}

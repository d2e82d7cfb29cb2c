// The markdown editor itself: a chunk of its own (@uiw/react-md-editor and its styles), loaded
// by MarkdownEditor.tsx only where someone edits markdown.
import { useComputedColorScheme, type MantineFontSize } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import MDEditor, {
  commands,
  type ICommand,
  type RefMDEditor,
} from '@uiw/react-md-editor/nohighlight';
import {
  cloneElement,
  isValidElement,
  useEffect,
  useMemo,
  useRef,
  type ReactElement,
  type SVGProps,
} from 'react';
import { Markdown } from './Markdown.tsx';
import { insertBlockAt } from './insert-text.ts';
import './markdown-editor.css';

export interface MarkdownEditorCoreProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  height: number;
  previewSize?: MantineFontSize;
  describedBy: string | undefined;
  invalid: boolean;
  /** Given when images may be inserted: asked to insert one, it calls `insert(markdown)`. */
  onInsertImage?: (insert: (markdown: string) => void) => void;
  /** Registers the "Insert image" action (started by MarkdownEditor's button). */
  registerInsertImage?: (start: (() => void) | null) => void;
}

/**
 * The toolbar's icons are `<svg role="img">` without a text alternative, inside buttons that
 * have their own name (aria-label): the icon is decoration, hidden from assistive technology.
 */
function decorativeIcon(command: ICommand): ICommand {
  if (!isValidElement(command.icon)) return command;
  return {
    ...command,
    icon: cloneElement(command.icon as ReactElement<SVGProps<SVGSVGElement>>, {
      role: undefined,
      'aria-hidden': true,
    }),
  };
}

const BASE_COMMANDS: ICommand[] = [
  commands.bold,
  commands.italic,
  commands.strikethrough,
  commands.divider,
  commands.title,
  commands.link,
  commands.quote,
  commands.code,
  commands.codeBlock,
  commands.divider,
  commands.unorderedListCommand,
  commands.orderedListCommand,
  commands.checkedListCommand,
  commands.table,
].map(decorativeIcon);

const EXTRA_COMMANDS: ICommand[] = [
  commands.codeEdit,
  commands.codeLive,
  commands.codePreview,
  commands.divider,
  commands.fullscreen,
].map(decorativeIcon);

export default function MarkdownEditorCore({
  id,
  value,
  onChange,
  height,
  previewSize,
  describedBy,
  invalid,
  onInsertImage,
  registerInsertImage,
}: MarkdownEditorCoreProps) {
  const scheme = useComputedColorScheme('light');
  // Side by side where there is room; a phone edits and previews by turns (toolbar buttons).
  const wide = useMediaQuery('(min-width: 62em)', false, { getInitialValueInEffect: false });
  const editor = useRef<RefMDEditor>(null);
  const latest = useRef({ onChange, onInsertImage });
  useEffect(() => {
    latest.current = { onChange, onInsertImage };
  });

  const canInsertImage = Boolean(onInsertImage);
  const startInsertImage = useMemo(() => {
    if (!canInsertImage) return null;
    return () => {
      const textarea = editor.current?.textarea;
      const text = textarea?.value ?? '';
      const start = textarea?.selectionStart ?? text.length;
      const end = textarea?.selectionEnd ?? start;
      latest.current.onInsertImage?.((markdown) => {
        const current = editor.current?.textarea?.value ?? text;
        // An image is a block of its own: never inside the quote or list item above.
        const next = insertBlockAt(current, { start, end }, markdown);
        latest.current.onChange(next.text);
        requestAnimationFrame(() => {
          const area = editor.current?.textarea;
          if (!area) return;
          area.focus();
          area.setSelectionRange(next.caret, next.caret);
        });
      });
    };
  }, [canInsertImage]);

  useEffect(() => {
    registerInsertImage?.(startInsertImage);
    return () => registerInsertImage?.(null);
  }, [registerInsertImage, startInsertImage]);

  return (
    <div className="tenantry-md-editor" data-invalid={invalid || undefined}>
      <MDEditor
        ref={editor}
        value={value}
        onChange={(next) => onChange(next ?? '')}
        height={height}
        minHeight={Math.min(height, 160)}
        preview={wide ? 'live' : 'edit'}
        data-color-mode={scheme}
        commands={BASE_COMMANDS}
        extraCommands={EXTRA_COMMANDS}
        // Tab moves the focus on, as everywhere else (no keyboard trap in the text area).
        defaultTabEnable
        highlightEnable={false}
        textareaProps={{
          id,
          'aria-describedby': describedBy,
          'aria-invalid': invalid || undefined,
        }}
        components={{
          preview: (source) => (
            <Markdown p="xs" size={previewSize}>
              {source}
            </Markdown>
          ),
        }}
      />
    </div>
  );
}

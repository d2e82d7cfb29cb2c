import type { ContentScope } from '@tenantry/shared';
import type { OpenImagePicker } from '#web/components/markdown/insert-image.ts';
import { FrameworkEditor } from './FrameworkEditor.tsx';
import { FrameworkList } from './FrameworkList.tsx';

export interface FrameworksTabProps {
  /** The id of the framework being edited; without it the list shows. */
  focus: string | undefined;
  /** The URL of this tab, or of one framework in it. */
  hrefFor: (focus?: string) => string;
  /** The scopes I may author in (global: system admins; private: owners and admins). */
  scopes: readonly ContentScope[];
  /** The screen's image picker, for the markdown editors' "Insert image". */
  onInsertImage?: OpenImagePicker;
}

/** Content admin, frameworks tab: the list, or one framework's editor. */
export function FrameworksTab({ focus, hrefFor, scopes, onInsertImage }: FrameworksTabProps) {
  return focus ? (
    <FrameworkEditor id={focus} hrefFor={hrefFor} onInsertImage={onInsertImage} />
  ) : (
    <FrameworkList scopes={scopes} hrefFor={hrefFor} />
  );
}

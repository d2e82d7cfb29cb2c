import { NotBuiltYet } from '#web/components/NotBuiltYet.tsx';

export interface MediaTabProps {
  /** The id of the item being edited; without it the list shows. */
  focus: string | undefined;
  /** The URL of this tab, or of one item in it. */
  hrefFor: (focus?: string) => string;
}

/** Content admin, media tab. */
export function MediaTab(_props: MediaTabProps) {
  return <NotBuiltYet>Upload and crop the images your frameworks, playbooks and articles use.</NotBuiltYet>;
}

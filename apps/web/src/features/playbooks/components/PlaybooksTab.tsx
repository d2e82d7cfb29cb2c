import { NotBuiltYet } from '#web/components/NotBuiltYet.tsx';

export interface PlaybooksTabProps {
  /** The id of the item being edited; without it the list shows. */
  focus: string | undefined;
  /** The URL of this tab, or of one item in it. */
  hrefFor: (focus?: string) => string;
}

/** Content admin, playbooks tab. */
export function PlaybooksTab(_props: PlaybooksTabProps) {
  return <NotBuiltYet>Write remediation playbooks: ordered steps your team follows to close a gap.</NotBuiltYet>;
}

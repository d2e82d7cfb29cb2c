import { NotBuiltYet } from '#web/components/NotBuiltYet.tsx';

export interface ArticlesTabProps {
  /** The id of the item being edited; without it the list shows. */
  focus: string | undefined;
  /** The URL of this tab, or of one item in it. */
  hrefFor: (focus?: string) => string;
}

/** Content admin, articles tab. */
export function ArticlesTab(_props: ArticlesTabProps) {
  return <NotBuiltYet>Write articles for your team and your clients.</NotBuiltYet>;
}

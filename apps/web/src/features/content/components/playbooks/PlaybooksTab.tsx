import { Anchor, Button, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { ApiError } from '#web/lib/api.ts';
import { usePlaybook } from '../../api/playbooks/get-playbook.ts';
import { PlaybookEditor, type InsertImageHandler } from './PlaybookEditor.tsx';
import { PlaybookList } from './PlaybookList.tsx';

export interface PlaybooksTabProps {
  /** The id of the playbook being edited; without it the list shows. */
  focus: string | undefined;
  /** The URL of this tab, or of one playbook in it. */
  hrefFor: (focus?: string) => string;
  /**
   * Lets step instructions insert images: the screen passes the media feature's image picker
   * (`useImagePicker().open`). Without it, images are not offered.
   */
  onInsertImage?: InsertImageHandler;
}

function PlaybookEditorScreen({
  id,
  listHref,
  onInsertImage,
}: {
  id: string;
  listHref: string;
  onInsertImage?: InsertImageHandler;
}) {
  const playbook = usePlaybook(id);
  if (playbook.isPending) {
    return (
      <Stack gap="sm" aria-label="Loading the playbook" aria-busy>
        <Skeleton height={36} width="60%" />
        <Skeleton height={180} />
        <Skeleton height={120} />
      </Stack>
    );
  }
  if (playbook.isError) {
    const missing = playbook.error instanceof ApiError && playbook.error.status === 404;
    return (
      <ErrorAlert
        title={missing ? 'There is no such playbook' : 'The playbook could not be loaded'}
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {missing
              ? 'It may have been deleted, or it is not one you may edit.'
              : playbook.error.message}
          </Text>
          {missing ? null : (
            <Button size="xs" variant="light" onClick={() => void playbook.refetch()}>
              Try again
            </Button>
          )}
          <Anchor component={Link} to={listHref} size="sm">
            All playbooks
          </Anchor>
        </Stack>
      </ErrorAlert>
    );
  }
  return (
    <PlaybookEditor
      key={playbook.data.id}
      playbook={playbook.data}
      listHref={listHref}
      onInsertImage={onInsertImage}
    />
  );
}

/** Content admin, playbooks: the list, or the editor of the playbook in focus. */
export function PlaybooksTab({ focus, hrefFor, onInsertImage }: PlaybooksTabProps) {
  if (focus) {
    return <PlaybookEditorScreen id={focus} listHref={hrefFor()} onInsertImage={onInsertImage} />;
  }
  return <PlaybookList hrefFor={hrefFor} />;
}

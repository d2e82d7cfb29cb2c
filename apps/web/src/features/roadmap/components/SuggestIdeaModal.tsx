import { ROADMAP_LIMITS, SuggestRoadmapItemSchema, type RoadmapItem } from '@tenantry/shared';
import { Alert, Button, Group, Modal, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { applyServerErrors } from '#web/lib/forms.ts';
import { useSuggestItem } from '../api/suggest-item.ts';

interface Values {
  title: string;
  description: string;
  tags: string[];
}

function validate(values: Values) {
  const parsed = SuggestRoadmapItemSchema.safeParse(values);
  if (parsed.success) return {};
  return Object.fromEntries(
    parsed.error.issues.map((i) => [i.path.join('.') || 'title', i.message]),
  );
}

function SuggestForm({
  onClose,
  onSent,
}: {
  onClose: () => void;
  onSent: (i: RoadmapItem) => void;
}) {
  const suggest = useSuggestItem();
  const form = useForm<Values>({
    initialValues: { title: '', description: '', tags: [] },
    validate,
  });
  const fieldErrors = Object.keys(form.errors).length > 0;
  return (
    <form
      noValidate
      aria-label="Suggest an idea"
      onSubmit={form.onSubmit((v) =>
        suggest.mutate(v, {
          onSuccess: onSent,
          onError: (err) => applyServerErrors(form, err),
        }),
      )}
    >
      <Stack gap="md">
        <Alert variant="light" color="blue">
          Your idea waits for our team to approve it. Until then only you can see it; after that
          everyone can vote for it.
        </Alert>
        <TextInput
          label="Title"
          required
          maxLength={ROADMAP_LIMITS.title}
          {...form.getInputProps('title')}
        />
        <Textarea
          label="Description"
          description="What would it help you do? Markdown works."
          autosize
          minRows={4}
          maxRows={12}
          {...form.getInputProps('description')}
        />
        <TagsInput
          label="Tags"
          description={`Up to ${ROADMAP_LIMITS.tags}, e.g. reports, integrations.`}
          maxTags={ROADMAP_LIMITS.tags}
          {...form.getInputProps('tags')}
        />
        {suggest.isError && !fieldErrors ? (
          <Alert color="red" variant="light" role="alert">
            {suggest.error.message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={suggest.isPending}>
            Send the idea
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Suggest an idea": the form in a dialog (a fresh form each time it opens). */
export function SuggestIdeaModal({
  opened,
  onClose,
  onSent,
}: {
  opened: boolean;
  onClose: () => void;
  onSent: (item: RoadmapItem) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Suggest an idea" size="lg">
      {opened ? <SuggestForm onClose={onClose} onSent={onSent} /> : null}
    </Modal>
  );
}

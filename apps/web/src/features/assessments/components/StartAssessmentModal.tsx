import {
  ASSESSMENT_LIMITS,
  listQuestions,
  type AssessmentDetail,
  type FrameworkDocument,
  type LibraryFramework,
  type Section,
} from '@tenantry/shared';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Fieldset,
  Group,
  Modal,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { ApiError } from '#web/lib/api.ts';
import { formatDate } from '#web/lib/format.ts';
import { useCreateAssessment } from '../api/create-assessment.ts';
import { useFrameworkVersion } from '../api/get-framework-version.ts';
import { useFrameworkSearch } from '../api/search-frameworks.ts';
import {
  EMPTY_START_FORM,
  defaultAssessmentName,
  defaultTargets,
  questionTags,
  scopeOf,
  scopeSize,
  startFormErrors,
  tickStates,
  toCreateBody,
  toFormErrors,
  toggleSection,
  type ScopeMode,
  type StartFormValues,
  type TickState,
} from '../lib/start-form.ts';

/** A member who may own an assessment. */
export interface OwnerChoice {
  id: string;
  name: string;
}

/** The framework to start from when the dialog opens with one (explore). */
export interface FrameworkChoice {
  id: string;
  name: string;
  latestVersion: number | null;
  /** The version to start from (the latest when absent). */
  version?: number | undefined;
}

export interface StartAssessmentModalProps {
  tenantId: string;
  /** The client tenant's name, for the title ("Start an assessment of Acme"). */
  tenantName?: string | undefined;
  opened: boolean;
  onClose: () => void;
  /** The account's members (owner choices); undefined while they load or when not readable. */
  owners: OwnerChoice[] | undefined;
  /** The user id of whoever starts it: the owner unless another is chosen. */
  me?: string | undefined;
  framework?: FrameworkChoice | null;
  /** The assessment was created (a draft): open it. */
  onStarted: (assessment: AssessmentDetail) => void;
}

type Doc = Pick<FrameworkDocument, 'sections'>;

function questionCounts(doc: Doc): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { sectionKeys } of listQuestions(doc)) {
    for (const k of sectionKeys) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

function SectionChecklist({
  sections,
  states,
  counts,
  onToggle,
  depth = 0,
}: {
  sections: readonly Section[];
  states: Map<string, TickState>;
  counts: Map<string, number>;
  onToggle: (key: string, on: boolean) => void;
  depth?: number;
}) {
  return (
    <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} pl={depth ? 24 : 0}>
      {sections.map((s) => {
        const state = states.get(s.key) ?? 'none';
        const n = counts.get(s.key) ?? 0;
        return (
          <li key={s.key}>
            <Checkbox
              label={
                <span style={{ overflowWrap: 'anywhere' }}>
                  <Text component="span" size="xs" ff="monospace" c="dimmed">
                    {s.key}
                  </Text>{' '}
                  {s.title}{' '}
                  <Text component="span" size="xs" c="dimmed">
                    ({n} {n === 1 ? 'question' : 'questions'})
                  </Text>
                </span>
              }
              checked={state === 'ticked' || state === 'implied'}
              indeterminate={state === 'partial'}
              disabled={state === 'implied'}
              onChange={(e) => onToggle(s.key, e.currentTarget.checked)}
            />
            {s.sections.length ? (
              <Box mt={6}>
                <SectionChecklist
                  sections={s.sections}
                  states={states}
                  counts={counts}
                  onToggle={onToggle}
                  depth={depth + 1}
                />
              </Box>
            ) : null}
          </li>
        );
      })}
    </Stack>
  );
}

function errorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.code === 'assessments.framework_not_found') {
      return 'That framework version is no longer published for your account. Choose another.';
    }
    return err.message;
  }
  return 'The assessment could not be started. Please try again.';
}

/**
 * "Start assessment": a published framework (searched in the library) and version (the
 * latest by default), a name, owner and due date, the scope (all, some sections, or by
 * tags) and a target per top-level section (the framework's defaults). Creates a draft.
 */
export function StartAssessmentModal({
  tenantId,
  tenantName,
  opened,
  onClose,
  owners,
  me,
  framework,
  onStarted,
}: StartAssessmentModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={tenantName ? `Start an assessment of ${tenantName}` : 'Start an assessment'}
      size="xl"
      fullScreen={phone === true}
    >
      {opened ? (
        <StartForm
          tenantId={tenantId}
          owners={owners}
          me={me}
          framework={framework ?? null}
          onCancel={onClose}
          onStarted={onStarted}
        />
      ) : null}
    </Modal>
  );
}

function StartForm({
  tenantId,
  owners,
  me,
  framework,
  onCancel,
  onStarted,
}: {
  tenantId: string;
  owners: OwnerChoice[] | undefined;
  me: string | undefined;
  framework: FrameworkChoice | null;
  onCancel: () => void;
  onStarted: (assessment: AssessmentDetail) => void;
}) {
  const create = useCreateAssessment(tenantId);
  const form = useForm<StartFormValues>({
    initialValues: {
      ...EMPTY_START_FORM,
      frameworkId: framework?.id ?? '',
      version: framework?.version ? String(framework.version) : '',
      ownerId: me && owners?.some((o) => o.id === me) ? me : '',
    },
  });
  const values = form.getValues();
  const [picked, setPicked] = useState<FrameworkChoice | null>(framework);
  const [search, setSearch] = useState(framework?.name ?? '');
  const [q] = useDebouncedValue(search, 250);
  // Searching by the chosen framework's own name would list only it: list everything then.
  const results = useFrameworkSearch(picked && q === picked.name ? '' : q);
  const nameTouched = useRef(false);

  const latest = picked?.latestVersion ?? undefined;
  const chosen = values.version ? Number(values.version) : undefined;
  const version = useFrameworkVersion(
    values.frameworkId,
    chosen !== undefined && chosen !== latest ? chosen : undefined,
  );
  const detail = version.data?.frameworkId === values.frameworkId ? version.data : undefined;
  const doc: Doc | null = detail ? detail.document : null;

  // A framework or version loaded: the version, a default name, and its targets and scope.
  const loadedKey = detail ? `${detail.frameworkId}@${detail.version}` : null;
  useEffect(() => {
    if (!detail) return;
    const v = form.getValues();
    const patch: Partial<StartFormValues> = {
      version: v.version || String(detail.version),
      targets: defaultTargets(detail.document),
      sections: [],
      tags: [],
    };
    if (!nameTouched.current) patch.name = defaultAssessmentName(detail.name);
    form.setValues(patch);
    // Only when another version arrives (the form object is stable in what it does).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadedKey]);

  useEffect(() => {
    if (me && owners?.some((o) => o.id === me) && !form.getValues().ownerId) {
      form.setFieldValue('ownerId', me);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [owners, me]);

  const frameworkOptions = useMemo(() => {
    const list: LibraryFramework[] = results.data ?? [];
    const options = list.map((f) => ({
      value: f.id,
      label: f.name,
      latestVersion: f.latestVersion,
      questions: f.questionCount,
    }));
    if (picked && !options.some((o) => o.value === picked.id)) {
      options.unshift({
        value: picked.id,
        label: picked.name,
        latestVersion: picked.latestVersion,
        questions: -1,
      });
    }
    return options;
  }, [results.data, picked]);

  const counts = useMemo(() => (doc ? questionCounts(doc) : new Map<string, number>()), [doc]);
  const tags = useMemo(() => (doc ? questionTags(doc) : []), [doc]);
  const scope = doc ? scopeOf(values, doc) : null;
  const size = doc && scope ? scopeSize(doc, scope) : null;
  const states = doc ? tickStates(doc, values.sections) : new Map<string, TickState>();

  const submit = async (v: StartFormValues) => {
    const errors = startFormErrors(v, doc);
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      return;
    }
    try {
      const created = await create.mutateAsync(toCreateBody(v, doc!));
      onStarted(created);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && Object.keys(err.fields).length) {
        form.setErrors(toFormErrors(err.fields));
      }
    }
  };
  const fieldErrorsShown =
    create.error instanceof ApiError &&
    create.error.status === 400 &&
    Object.keys(create.error.fields).length > 0;

  return (
    <form
      onSubmit={form.onSubmit((v) => void submit(v))}
      noValidate
      aria-label="Start an assessment"
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Framework"
            description="Published frameworks of your account and the global library"
            placeholder="Search by name, tag or key"
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options }) => options}
            data={frameworkOptions}
            value={values.frameworkId || null}
            onChange={(id) => {
              const option = frameworkOptions.find((o) => o.value === id);
              setPicked(
                option
                  ? { id: option.value, name: option.label, latestVersion: option.latestVersion }
                  : null,
              );
              form.setValues({ frameworkId: id ?? '', version: '' });
              form.clearFieldError('frameworkId');
            }}
            renderOption={({ option }) => {
              const o = option as (typeof frameworkOptions)[number];
              return (
                <div>
                  <Text size="sm">{o.label}</Text>
                  <Text size="xs" c="dimmed">
                    {o.latestVersion ? `Version ${o.latestVersion}` : ''}
                    {o.questions >= 0 ? ` · ${o.questions} questions` : ''}
                  </Text>
                </div>
              );
            }}
            nothingFoundMessage={
              results.isFetching ? 'Searching…' : 'No published framework matches.'
            }
            error={form.errors.frameworkId}
            withAsterisk
          />
          <Select
            label="Version"
            description="Pinned for the assessment’s life"
            placeholder={values.frameworkId ? 'Loading…' : 'Choose a framework first'}
            disabled={!detail}
            data={(detail?.versions ?? []).map((v) => ({
              value: String(v.version),
              label: `Version ${v.version} · ${formatDate(v.publishedAt)}${
                v.version === latest ? ' (latest)' : ''
              }`,
            }))}
            value={values.version || null}
            onChange={(v) => form.setFieldValue('version', v ?? '')}
            allowDeselect={false}
            error={form.errors.version}
          />
          <TextInput
            label="Name"
            withAsterisk
            maxLength={ASSESSMENT_LIMITS.name}
            {...form.getInputProps('name')}
            onChange={(e) => {
              nameTouched.current = true;
              form.setFieldValue('name', e.currentTarget.value);
            }}
          />
          <Select
            label="Owner"
            description="Who runs it and answers for it"
            placeholder={owners ? 'You' : 'You (members could not be listed)'}
            data={(owners ?? []).map((o) => ({ value: o.id, label: o.name }))}
            disabled={!owners}
            searchable
            {...form.getInputProps('ownerId')}
            value={values.ownerId || null}
            onChange={(v) => form.setFieldValue('ownerId', v ?? '')}
          />
          <TextInput
            label="Due date"
            description="Optional"
            type="date"
            {...form.getInputProps('dueDate')}
          />
        </SimpleGrid>

        {values.frameworkId && !doc ? (
          version.isError ? (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(version.error)}
            </Alert>
          ) : (
            <Stack gap="xs" aria-busy aria-label="Loading the framework">
              <Skeleton height={24} width="40%" />
              <Skeleton height={80} />
            </Stack>
          )
        ) : null}

        {doc ? (
          <>
            <Fieldset legend="Scope">
              <Stack gap="sm">
                <Radio.Group
                  value={values.scopeMode}
                  onChange={(v) => {
                    form.setFieldValue('scopeMode', v as ScopeMode);
                    form.clearFieldError('sections');
                    form.clearFieldError('tags');
                  }}
                  aria-label="Which questions"
                >
                  <Group gap="lg">
                    <Radio value="all" label="All sections" />
                    <Radio value="sections" label="Chosen sections" />
                    <Radio value="tags" label="By tags" disabled={tags.length === 0} />
                  </Group>
                </Radio.Group>
                {values.scopeMode === 'sections' ? (
                  <Box
                    mah={280}
                    style={{ overflowY: 'auto' }}
                    role="group"
                    aria-label="Sections in scope"
                  >
                    <SectionChecklist
                      sections={doc.sections}
                      states={states}
                      counts={counts}
                      onToggle={(key, on) => {
                        form.setFieldValue(
                          'sections',
                          toggleSection(doc, form.getValues().sections, key, on),
                        );
                        form.clearFieldError('sections');
                      }}
                    />
                  </Box>
                ) : null}
                {values.scopeMode === 'tags' ? (
                  <Chip.Group
                    multiple
                    value={values.tags}
                    onChange={(v) => {
                      form.setFieldValue('tags', v);
                      form.clearFieldError('tags');
                    }}
                  >
                    <Group gap={6} role="group" aria-label="Tags in scope">
                      {tags.map((t) => (
                        <Chip key={t.tag} value={t.tag} size="sm">
                          {t.tag} ({t.count})
                        </Chip>
                      ))}
                    </Group>
                  </Chip.Group>
                ) : null}
                {form.errors.sections || form.errors.tags ? (
                  <Text size="sm" c="red" role="alert">
                    {form.errors.sections ?? form.errors.tags}
                  </Text>
                ) : null}
                <Text size="sm" c="dimmed" role="status">
                  {size?.questions ?? 0} {size?.questions === 1 ? 'question' : 'questions'} in scope
                </Text>
              </Stack>
            </Fieldset>

            {size && size.top.length > 0 ? (
              <Fieldset legend="Targets">
                <Text size="sm" c="dimmed" mb="sm">
                  Where each section should be. An answer scoring below its section’s target is a
                  gap; leave a target empty for none.
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                  {doc.sections
                    .filter((s) => size.top.includes(s.key))
                    .map((s) => (
                      <NumberInput
                        key={s.key}
                        label={s.title}
                        suffix=" %"
                        min={0}
                        max={100}
                        clampBehavior="strict"
                        allowDecimal={false}
                        allowNegative={false}
                        placeholder="No target"
                        {...form.getInputProps(`targets.${s.key}`)}
                      />
                    ))}
                </SimpleGrid>
              </Fieldset>
            ) : null}
          </>
        ) : null}

        {create.isError && !fieldErrorsShown ? (
          <ErrorAlert error={create.error}>{errorMessage(create.error)}</ErrorAlert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending} disabled={!doc}>
            Start assessment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

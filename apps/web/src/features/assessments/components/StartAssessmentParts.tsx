import { ASSESSMENT_LIMITS, type Section } from '@tenantry/shared';
import {
  Box,
  Checkbox,
  Chip,
  Fieldset,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { ApiError } from '#web/lib/api.ts';
import { formatDate } from '#web/lib/format.ts';
import { toggleSection, type ScopeMode, type TickState } from '../lib/start-form.ts';
import type { Doc, OwnerChoice, StartForm } from './use-start-form.ts';

export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.code === 'assessments.framework_not_found') {
      return 'That framework version is no longer published for your account. Choose another.';
    }
    return err.message;
  }
  return 'The assessment could not be started. Please try again.';
}

/** The framework (searched), its version, the assessment's name, owner and due date. */
export function StartFields({
  start,
  owners,
}: {
  start: StartForm;
  owners: OwnerChoice[] | undefined;
}) {
  const { form, values, picker, detail, latest } = start;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Select
        label="Framework"
        description="Published frameworks of your account and the global library"
        placeholder="Search by name, tag or key"
        searchable
        searchValue={picker.search}
        onSearchChange={picker.setSearch}
        filter={({ options }) => options}
        data={picker.options}
        value={values.frameworkId || null}
        onChange={(id) => {
          picker.pick(id);
          form.setValues({ frameworkId: id ?? '', version: '' });
          form.clearFieldError('frameworkId');
        }}
        renderOption={({ option }) => {
          const o = option as (typeof picker.options)[number];
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
        nothingFoundMessage={picker.searching ? 'Searching…' : 'No published framework matches.'}
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
          start.touchName();
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
  );
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

/** Which questions: all sections, chosen sections (a checklist) or by tags; how many. */
export function ScopeFieldset({ start, doc }: { start: StartForm; doc: Doc }) {
  const { form, values, tags, states, counts, size } = start;
  return (
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
          <Box mah={280} style={{ overflowY: 'auto' }} role="group" aria-label="Sections in scope">
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
  );
}

/** A target per top-level section in scope (the framework's defaults filled in). */
export function TargetsFieldset({ start, doc }: { start: StartForm; doc: Doc }) {
  const { form, size } = start;
  if (!size || size.top.length === 0) return null;
  return (
    <Fieldset legend="Targets">
      <Text size="sm" c="dimmed" mb="sm">
        Where each section should be. An answer scoring below its section’s target is a gap; leave a
        target empty for none.
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
  );
}

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
import { t } from '../messages.ts';

export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.code === 'assessments.framework_not_found') {
      return t('start.error.frameworkGone');
    }
    return err.message;
  }
  return t('start.error.generic');
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
        label={t('start.framework.label')}
        description={t('start.framework.hint')}
        placeholder={t('start.framework.placeholder')}
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
                {o.latestVersion
                  ? o.questions >= 0
                    ? t('start.framework.option.versionQuestions', {
                        version: o.latestVersion,
                        count: o.questions,
                      })
                    : t('start.framework.option.version', { version: o.latestVersion })
                  : o.questions >= 0
                    ? t('start.framework.option.questions', { count: o.questions })
                    : ''}
              </Text>
            </div>
          );
        }}
        nothingFoundMessage={
          picker.searching ? t('start.framework.searching') : t('start.framework.noMatch')
        }
        error={form.errors.frameworkId}
        withAsterisk
      />
      <Select
        label={t('start.version.label')}
        description={t('start.version.hint')}
        placeholder={
          values.frameworkId ? t('start.version.loading') : t('start.version.chooseFramework')
        }
        disabled={!detail}
        data={(detail?.versions ?? []).map((v) => ({
          value: String(v.version),
          label: t(v.version === latest ? 'start.version.optionLatest' : 'start.version.option', {
            version: v.version,
            date: formatDate(v.publishedAt),
          }),
        }))}
        value={values.version || null}
        onChange={(v) => form.setFieldValue('version', v ?? '')}
        allowDeselect={false}
        error={form.errors.version}
      />
      <TextInput
        label={t('start.name.label')}
        withAsterisk
        maxLength={ASSESSMENT_LIMITS.name}
        {...form.getInputProps('name')}
        onChange={(e) => {
          start.touchName();
          form.setFieldValue('name', e.currentTarget.value);
        }}
      />
      <Select
        label={t('start.owner.label')}
        description={t('start.owner.hint')}
        placeholder={owners ? t('start.owner.you') : t('start.owner.youUnlisted')}
        data={(owners ?? []).map((o) => ({ value: o.id, label: o.name }))}
        disabled={!owners}
        searchable
        {...form.getInputProps('ownerId')}
        value={values.ownerId || null}
        onChange={(v) => form.setFieldValue('ownerId', v ?? '')}
      />
      <TextInput
        label={t('start.dueDate.label')}
        description={t('start.dueDate.hint')}
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
                    {t('start.scope.sectionCount', { count: n })}
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
    <Fieldset legend={t('start.scope.legend')}>
      <Stack gap="sm">
        <Radio.Group
          value={values.scopeMode}
          onChange={(v) => {
            form.setFieldValue('scopeMode', v as ScopeMode);
            form.clearFieldError('sections');
            form.clearFieldError('tags');
          }}
          aria-label={t('start.scope.which')}
        >
          <Group gap="lg">
            <Radio value="all" label={t('start.scope.all')} />
            <Radio value="sections" label={t('start.scope.sections')} />
            <Radio value="tags" label={t('start.scope.tags')} disabled={tags.length === 0} />
          </Group>
        </Radio.Group>
        {values.scopeMode === 'sections' ? (
          <Box
            mah={280}
            style={{ overflowY: 'auto' }}
            role="group"
            aria-label={t('start.scope.sectionsLabel')}
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
            <Group gap={6} role="group" aria-label={t('start.scope.tagsLabel')}>
              {tags.map((tag) => (
                <Chip key={tag.tag} value={tag.tag} size="sm">
                  {tag.tag} ({tag.count})
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
          {t('start.scope.size', { count: size?.questions ?? 0 })}
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
    <Fieldset legend={t('start.targets.legend')}>
      <Text size="sm" c="dimmed" mb="sm">
        {t('start.targets.intro')}
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
              placeholder={t('start.targets.none')}
              {...form.getInputProps(`targets.${s.key}`)}
            />
          ))}
      </SimpleGrid>
    </Fieldset>
  );
}

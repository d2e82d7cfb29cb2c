import {
  TENANT_ACCESS_LIMITS,
  TENANT_ACCESS_MODES,
  type Member,
  type MemberTenantAccess,
  type SetTenantAccessInput,
  type TenantAccessMode,
} from '@tenantry/shared';
import {
  Button,
  Group,
  Modal,
  MultiSelect,
  SegmentedControl,
  Stack,
  TagsInput,
  Text,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { ErrorAlert } from '#web/components/ErrorAlert.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useTenantChoices } from '../api/search-tenants.ts';
import { useSetTenantAccess } from '../api/set-tenant-access.ts';
import { accessModeLabel } from '../lib/tenant-access-view.ts';
import { t } from '../messages.ts';

const hint = (mode: TenantAccessMode): string =>
  ({
    all: t('accessDialog.hint.all'),
    only: t('accessDialog.hint.only'),
    tags: t('accessDialog.hint.tags'),
    except: t('accessDialog.hint.except'),
  })[mode];

interface FormState {
  mode: TenantAccessMode;
  /** Chosen tenants: id → name (names of ones the search has not loaded stay known). */
  tenants: Map<string, string>;
  tags: string[];
  version: number;
}

function stateOf(access: MemberTenantAccess): FormState {
  return {
    mode: access.mode,
    tenants: new Map(access.tenants.map((tenant) => [tenant.id, tenant.name])),
    tags: access.tags,
    version: access.version,
  };
}

function bodyOf(state: FormState): SetTenantAccessInput {
  const { mode, version } = state;
  if (mode === 'only' || mode === 'except') {
    return { mode, tenantIds: [...state.tenants.keys()], version };
  }
  if (mode === 'tags') return { mode, tags: state.tags, version };
  return { mode, version };
}

/** The access the server holds now, when it answered 409 `members.access_conflict`. */
function currentOf(error: unknown): MemberTenantAccess | null {
  if (!(error instanceof ApiError) || error.code !== 'members.access_conflict') return null;
  const current = error.details?.current as MemberTenantAccess | undefined;
  return current ?? null;
}

/** The members screen's dialog: which client tenants a member reaches (owners and admins). */
export function TenantAccessDialog({
  member,
  onClose,
}: {
  member: Member & { tenantAccess: MemberTenantAccess };
  onClose: () => void;
}) {
  const save = useSetTenantAccess();
  const [state, setState] = useState<FormState>(() => stateOf(member.tenantAccess));
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const picking = state.mode === 'only' || state.mode === 'except';
  const found = useTenantChoices(q, picking);
  const current = currentOf(save.error);

  const options = new Map(state.tenants);
  for (const tenant of found.data?.tenants ?? []) {
    options.set(
      tenant.id,
      tenant.archivedAt ? t('accessDialog.archived', { name: tenant.name }) : tenant.name,
    );
  }
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const name = member.name || member.email;

  return (
    <Modal opened onClose={onClose} title={t('accessDialog.title', { name })} centered size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(
            { userId: member.userId, access: bodyOf(state) },
            {
              onSuccess: onClose,
              // A 409: the form shows the access as it is now, at its version, to review.
              onError: (err) => {
                const now = currentOf(err);
                if (now) setState(stateOf(now));
              },
            },
          );
        }}
      >
        <Stack>
          <SegmentedControl
            aria-label={t('accessDialog.mode')}
            fullWidth
            data={TENANT_ACCESS_MODES.map((m) => ({ value: m, label: accessModeLabel(m) }))}
            value={state.mode}
            onChange={(value) => setState((s) => ({ ...s, mode: value as TenantAccessMode }))}
          />
          <Text size="sm" c="dimmed">
            {hint(state.mode)}
          </Text>
          {picking ? (
            <MultiSelect
              label={state.mode === 'only' ? t('accessDialog.reached') : t('accessDialog.leftOut')}
              placeholder={t('accessDialog.search')}
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              // The server searches (names and tags); every tenant it found is offered.
              filter={({ options: all }) => all}
              nothingFoundMessage={
                found.isFetching ? t('accessDialog.searching') : t('accessDialog.none')
              }
              maxValues={TENANT_ACCESS_LIMITS.tenants}
              hidePickedOptions
              data={[...options].map(([value, label]) => ({ value, label }))}
              value={[...state.tenants.keys()]}
              onChange={(ids) =>
                setState((s) => ({
                  ...s,
                  tenants: new Map(ids.map((id) => [id, options.get(id) ?? id])),
                }))
              }
              error={fields.tenantIds}
            />
          ) : null}
          {state.mode === 'tags' ? (
            <TagsInput
              label={t('accessDialog.tags.label')}
              description={t('accessDialog.tags.description')}
              maxTags={TENANT_ACCESS_LIMITS.tags}
              value={state.tags}
              onChange={(tags) =>
                setState((s) => ({
                  ...s,
                  tags: [...new Set(tags.map((tag) => tag.trim().toLowerCase()).filter(Boolean))],
                }))
              }
              error={
                fields.tags ?? Object.entries(fields).find(([k]) => k.startsWith('tags.'))?.[1]
              }
            />
          ) : null}
          {save.error ? (
            <ErrorAlert error={save.error}>
              {current ? t('accessDialog.conflict') : save.error.message}
            </ErrorAlert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('accessDialog.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('accessDialog.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

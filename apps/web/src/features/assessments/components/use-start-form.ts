import {
  listQuestions,
  type AssessmentDetail,
  type FrameworkDocument,
  type LibraryFramework,
} from '@tenantry/shared';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '#web/lib/api.ts';
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

export type Doc = Pick<FrameworkDocument, 'sections'>;

function questionCounts(doc: Doc): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { sectionKeys } of listQuestions(doc)) {
    for (const k of sectionKeys) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

/**
 * The framework search: what is typed, the published frameworks it finds, and the one picked
 * (kept among the options while another search lists others).
 */
function useFrameworkPicker(framework: FrameworkChoice | null) {
  const [picked, setPicked] = useState<FrameworkChoice | null>(framework);
  const [search, setSearch] = useState(framework?.name ?? '');
  const [q] = useDebouncedValue(search, 250);
  // Searching by the chosen framework's own name would list only it: list everything then.
  const results = useFrameworkSearch(picked && q === picked.name ? '' : q);
  const options = useMemo(() => {
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
  /** Picks the option with `id` (null: none). */
  const pick = (id: string | null) => {
    const option = options.find((o) => o.value === id);
    setPicked(
      option ? { id: option.value, name: option.label, latestVersion: option.latestVersion } : null,
    );
  };
  return { picked, search, setSearch, searching: results.isFetching, options, pick };
}

export type FrameworkPicker = ReturnType<typeof useFrameworkPicker>;

/**
 * The start dialog's form: the framework picked and the version loaded (its default name,
 * targets and scope filled in when it arrives), the owner (me when I may own it), what is in
 * scope, and the create request.
 */
export function useStartForm({
  tenantId,
  owners,
  me,
  framework,
  onStarted,
}: {
  tenantId: string;
  owners: OwnerChoice[] | undefined;
  me: string | undefined;
  framework: FrameworkChoice | null;
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
  const picker = useFrameworkPicker(framework);
  const nameTouched = useRef(false);

  const latest = picker.picked?.latestVersion ?? undefined;
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

  return {
    form,
    values,
    picker,
    /** The name was typed: a version loaded later no longer suggests one. */
    touchName: () => {
      nameTouched.current = true;
    },
    latest,
    version,
    detail,
    doc,
    counts,
    tags,
    size,
    states,
    submit,
    create,
    fieldErrorsShown,
  };
}

export type StartForm = ReturnType<typeof useStartForm>;

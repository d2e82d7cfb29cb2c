import {
  dropStaleOptionTranslations,
  FrameworkDetailSchema,
  parseFrameworkDocument,
  type FrameworkDetail,
  type FrameworkDocument,
} from '@tenantry/shared';
import { notifications } from '@mantine/notifications';
import { hashKey, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { conflictCurrent } from '#web/components/RevisionConflict.tsx';
import { contentKeys } from '#web/lib/content/content-keys.ts';
import { fetchFramework, useFramework } from '../api/get-framework.ts';
import { useSaveDraft } from '../api/save-draft.ts';
import { problemsOfError, problemsToFormErrors } from '../lib/document-problems.ts';
import type { FrameworkForm } from '../lib/editor-form.ts';
import { collectKeys } from '../lib/framework-tree.ts';
import { t } from '../messages.ts';

/**
 * Someone else saved (seen when the framework is fetched again, e.g. on returning to the tab)
 * while I have nothing unsaved: show theirs.
 */
function useTheirsWhenIdle(
  qc: QueryClient,
  id: string,
  now: { dirty: boolean; conflict: boolean; saving: boolean; revision: number },
  loadDraft: (fresh: FrameworkDetail) => void,
) {
  const state = useRef(now);
  useEffect(() => {
    state.current = now;
  });
  useEffect(
    () =>
      qc.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success') return;
        if (event.query.queryHash !== hashKey(contentKeys.detail('frameworks', id))) return;
        const fresh = event.query.state.data as FrameworkDetail | undefined;
        const now = state.current;
        if (!fresh || now.dirty || now.conflict || now.saving) return;
        if (fresh.draftRevision > now.revision) loadDraft(fresh);
      }),
    [qc, id, loadDraft],
  );
}

/**
 * A framework's draft in the editor's form, and its saves: each on the draft revision my
 * edits start from (only my saves and loads move it). A save refused because someone else
 * saved meanwhile leaves a conflict (their framework) until I keep mine or take theirs.
 */
export function useFrameworkDraft(
  initial: FrameworkDetail,
  form: FrameworkForm,
  {
    onLoaded,
    onInvalid,
  }: {
    /** A draft from the server replaced the form's (stable: it is called from a callback). */
    onLoaded: (doc: FrameworkDocument) => void;
    /** The form has problems: they are shown on the form, which must be in view. */
    onInvalid: () => void;
  },
) {
  const id = initial.id;
  const query = useFramework(id);
  const detail = query.data ?? initial;
  const qc = useQueryClient();
  const save = useSaveDraft(id);
  /** The draft revision my edits start from: only my saves and loads move it. */
  const [revision, setRevision] = useState(initial.draftRevision);
  const [conflict, setConflict] = useState<FrameworkDetail | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  /** Keys the author said are the same question as a published version's (sent with the save). */
  const [sameQuestions, setSameQuestions] = useState<ReadonlySet<string>>(() => new Set());
  const dirty = form.isDirty();

  /** Shows a draft from the server (theirs, a discard, a reload) in place of the form's. */
  const loadDraft = useCallback(
    (fresh: FrameworkDetail) => {
      form.setValues(fresh.draft);
      form.resetDirty(fresh.draft);
      form.clearErrors();
      setRevision(fresh.draftRevision);
      onLoaded(fresh.draft);
    },
    // The form's methods are stable, and so is onLoaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  useTheirsWhenIdle(
    qc,
    id,
    { dirty, conflict: conflict !== null, saving: save.isPending, revision },
    loadDraft,
  );

  async function saveDraft(onRevision: number = revision) {
    setSaveError(null);
    const sent = form.getValues();
    // Translated labels of options removed in the editor go with them (docs/languages.md).
    const parsed = parseFrameworkDocument(dropStaleOptionTranslations(sent));
    if (!parsed.ok) {
      form.setErrors(problemsToFormErrors(parsed.problems));
      onInvalid();
      return;
    }
    try {
      const saved = await save.mutateAsync({
        revision: onRevision,
        document: parsed.document,
        sameQuestions: [...sameQuestions].filter((k) =>
          collectKeys(parsed.document.sections).has(k),
        ),
      });
      setConflict(null);
      setRevision(saved.draftRevision);
      // The server keeps the canonical form (tags lower-cased, text trimmed); show it, unless
      // the form changed while saving.
      if (form.getValues() === sent) form.setValues(saved.draft);
      form.resetDirty(saved.draft);
      notifications.show({ message: t('draft.saved'), color: 'green' });
    } catch (err) {
      const current = conflictCurrent(err, FrameworkDetailSchema);
      if (current !== undefined) {
        try {
          const theirs = current ?? (await fetchFramework(id));
          setConflict(theirs);
          // The header tells the framework's state as it is now (mine stays in the form).
          qc.setQueryData(contentKeys.detail('frameworks', id), theirs);
        } catch {
          setSaveError(t('draft.conflictUnloaded'));
        }
        return;
      }
      const problems = problemsOfError(err);
      if (problems) {
        form.setErrors(problemsToFormErrors(problems));
        setSaveError(err instanceof Error ? err.message : null);
        return;
      }
      setSaveError(err instanceof Error ? err.message : t('draft.failed'));
    }
  }

  /** Shows their draft and drops mine. */
  const takeTheirs = (current: FrameworkDetail) => {
    setConflict(null);
    loadDraft(current);
    qc.setQueryData(contentKeys.detail('frameworks', current.id), current);
  };

  /** The framework changed meanwhile: fetched again, its draft shown. */
  const reload = () => void query.refetch().then((r) => r.data && loadDraft(r.data));

  /** "Same question" of a question whose key a published version used. */
  const setSameQuestion = (key: string, same: boolean) =>
    setSameQuestions((prev) => {
      const next = new Set(prev);
      if (same) next.add(key);
      else next.delete(key);
      return next;
    });

  return {
    detail,
    dirty,
    revision,
    saving: save.isPending,
    conflict,
    saveError,
    sameQuestions,
    setSameQuestion,
    loadDraft,
    saveDraft,
    takeTheirs,
    reload,
  };
}

export type FrameworkDraft = ReturnType<typeof useFrameworkDraft>;

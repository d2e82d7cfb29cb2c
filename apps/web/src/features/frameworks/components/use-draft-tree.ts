import type { FrameworkDocument } from '@tenantry/shared';
import { useCallback, useState, type RefObject } from 'react';
import { setList, type FrameworkForm } from '../lib/editor-form.ts';
import {
  ancestorRefs,
  getNode,
  ROOT_REF,
  sectionKeys,
  type NodeRef,
  type TreeChange,
} from '../lib/framework-tree.ts';

/** Above this many questions, the tree opens with only the top-level sections open. */
const OPEN_ALL_UP_TO = 150;

function initialCollapsed(doc: FrameworkDocument): Set<string> {
  const questions = doc.sections.reduce(function count(n, s): number {
    return s.sections.reduce(count, n + s.questions.length);
  }, 0);
  if (questions <= OPEN_ALL_UP_TO) return new Set();
  return new Set(sectionKeys(doc.sections).filter((k) => !doc.sections.some((s) => s.key === k)));
}

/**
 * The framework editor's tree: the node selected (its form shows beside the tree), the
 * sections collapsed, and changes to the tree's shape (add, move, delete) that select the node
 * they leave in view.
 */
export function useDraftTree(
  form: FrameworkForm,
  initial: FrameworkDocument,
  /** The node's form, scrolled into view on a phone (where it is below the tree). */
  formPaneRef: RefObject<HTMLDivElement | null>,
) {
  const [selected, setSelected] = useState<NodeRef>(ROOT_REF);
  const [collapsed, setCollapsed] = useState<Set<string>>(() => initialCollapsed(initial));

  const select = useCallback((ref: NodeRef) => {
    setSelected(ref);
    const sections = form.getValues().sections;
    const above = ancestorRefs(ref)
      .map((r) => getNode(sections, r)?.node.key)
      .filter((k): k is string => Boolean(k));
    if (above.length) {
      setCollapsed((c) => {
        if (!above.some((k) => c.has(k))) return c;
        const next = new Set(c);
        above.forEach((k) => next.delete(k));
        return next;
      });
    }
    // On a phone the form is below the tree: bring it into view.
    if (window.matchMedia('(max-width: 62em)').matches) {
      formPaneRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const toggle = useCallback((key: string) => {
    setCollapsed((c) => {
      const next = new Set(c);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);

  /** A draft loaded from the server: the selection stays if its node is still there. */
  const keepSelection = useCallback((doc: FrameworkDocument) => {
    setSelected((ref) => (ref === ROOT_REF || getNode(doc.sections, ref) ? ref : ROOT_REF));
  }, []);

  function applyTree(change: TreeChange | null) {
    if (!change) return;
    setList(form, 'sections', change.sections);
    select(change.ref);
  }

  return {
    selected,
    setSelected,
    collapsed,
    setCollapsed,
    select,
    toggle,
    keepSelection,
    applyTree,
  };
}

export type DraftTree = ReturnType<typeof useDraftTree>;

/**
 * A framework file's nesting and size, checked before any schema walks it (frameworks.schemas.ts,
 * `parseFrameworkDocument`). No zod here.
 */
import { FRAMEWORK_LIMITS } from './framework-limits.ts';

export interface DocumentProblem {
  /** Where in the file: `sections[2].questions[5].options[1].score`. */
  path: string;
  message: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The nesting and size rules (at most `FRAMEWORK_LIMITS.depth` levels of sections, at most
 * `FRAMEWORK_LIMITS.questions` questions), checked over the raw input before any schema or
 * recursive walk sees it: the section schema is recursive, and a file nested thousands of
 * sections deep would overflow the call stack before a later check could refuse it. The walk
 * keeps its own stack and never goes below the deepest allowed level, so its cost is bounded
 * by the body's size whatever the nesting. Only shapes it can follow are checked; anything
 * else is left to the schema, which names it.
 */
export function documentShapeProblems(input: unknown): DocumentProblem[] {
  if (!isRecord(input) || !Array.isArray(input.sections)) return [];
  const problems: DocumentProblem[] = [];
  let questionCount = 0;
  // Depth first in document order: each frame is a `sections` array and the next index in it.
  const stack: Array<{ sections: unknown[]; next: number; prefix: string; depth: number }> = [
    { sections: input.sections, next: 0, prefix: '', depth: 1 },
  ];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.next >= frame.sections.length) {
      stack.pop();
      continue;
    }
    const i = frame.next++;
    const section = frame.sections[i];
    if (!isRecord(section)) continue;
    const path = `${frame.prefix}sections[${i}]`;
    if (frame.depth > FRAMEWORK_LIMITS.depth) {
      problems.push({ path, message: `sections nest at most ${FRAMEWORK_LIMITS.depth} deep` });
      continue; // nothing below it is read
    }
    if (Array.isArray(section.questions)) questionCount += section.questions.length;
    if (Array.isArray(section.sections)) {
      stack.push({
        sections: section.sections,
        next: 0,
        prefix: `${path}.`,
        depth: frame.depth + 1,
      });
    }
  }
  if (questionCount > FRAMEWORK_LIMITS.questions) {
    problems.push({
      path: 'sections',
      message: `at most ${FRAMEWORK_LIMITS.questions} questions (this file has ${questionCount})`,
    });
  }
  return problems;
}

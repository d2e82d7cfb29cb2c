import { memo, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ShownAnswer } from '../lib/answers.ts';
import { describeAnswer, parseNumber } from '../lib/answers.ts';
import { carriedState } from '../lib/carried.ts';
import { AnswerFiles, type FileContext } from './AnswerFiles.tsx';
import { Carried } from './Carried.tsx';
import type {
  AnswerFields,
  AnswerValue,
  CarriedAnswer,
  EvidenceFile,
  Question,
} from '../lib/contract.ts';
import { debounce } from '../lib/debounce.ts';
import { useI18n, type RespondentKey, type RespondentTranslator } from '../lib/i18n.ts';
import { refusalText, type FailedWrite, type SupersededWrite } from '../lib/queue.ts';
import { Guidance, Markdown } from './Markdown.tsx';

export type Heading = 'h3' | 'h4' | 'h5' | 'h6';

interface Props {
  question: Question;
  answer: ShownAnswer;
  /** The server refused the last write for this question. */
  failed: FailedWrite | undefined;
  /** The server kept a newer answer instead of the respondent's last one. */
  superseded: SupersededWrite | undefined;
  readOnly: boolean;
  /** Last period's answer carried into this assessment (undefined: none). */
  carried?: CarriedAnswer | undefined;
  heading: Heading;
  onAnswer: (questionKey: string, fields: AnswerFields) => void;
  onDismissFailed: (questionKey: string) => void;
  onAnswerAgain: (questionKey: string) => void;
  onDismissSuperseded: (questionKey: string) => void;
  /** The answer's files; undefined while they could not be read. */
  files: readonly EvidenceFile[] | undefined;
  fileContext: FileContext;
}

const YES_NO: ReadonlyArray<[string, RespondentKey]> = [
  ['yes', 'answer.yes'],
  ['partial', 'answer.partial'],
  ['no', 'answer.no'],
];

const fieldsOf = (a: AnswerFields): AnswerFields => ({ value: a.value, na: a.na, note: a.note });

/**
 * One question: its text, guidance, the input for its type, "Not applicable" where allowed and
 * an optional note. A choice is saved at once; typing once it pauses (lib/debounce.ts). While
 * typing, the field shows what is typed (`edit`); once queued, the queued write is the answer.
 */
export const QuestionCard = memo(function QuestionCard({
  question: q,
  answer,
  failed,
  superseded,
  readOnly,
  carried,
  heading: H,
  onAnswer,
  onDismissFailed,
  onAnswerAgain,
  onDismissSuperseded,
  files,
  fileContext,
}: Props) {
  const { t, tr } = useI18n();
  const id = useId();
  const titleId = `${id}-title`;
  const [edit, setEdit] = useState<AnswerFields | null>(null);
  // What is typed, as typed ("3.", "  a"), until the field is left.
  const [numberText, setNumberText] = useState<string | null>(null);
  const [text, setText] = useState<string | null>(null);
  // 'now': opened by the reader, so the field takes the focus.
  const [noteOpen, setNoteOpen] = useState<boolean | 'now'>(answer.note !== '');
  const shown = edit ?? fieldsOf(answer);
  // Last period's answer to confirm: "Still true" / "Changed"; "Changed" opens the controls.
  const [changing, setChanging] = useState(false);
  const state = carried ? carriedState(carried, answer) : null;
  const confirming = state === 'to_confirm' && !readOnly && !changing;
  const controls = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (changing) controls.current?.querySelector<HTMLElement>('input, textarea')?.focus();
  }, [changing]);

  const typing = useMemo(
    () =>
      debounce((fields: AnswerFields) => {
        setEdit(null);
        onAnswer(q.key, fields);
      }),
    [onAnswer, q.key],
  );
  // Leaving the page (or the card) saves what was typed.
  useEffect(() => () => typing.flush(), [typing]);

  const now = (fields: AnswerFields) => {
    typing.cancel();
    setEdit(null);
    onAnswer(q.key, fields);
  };
  const later = (fields: AnswerFields) => {
    setEdit(fields);
    typing.call(fields);
  };
  const setValue = (value: AnswerValue | null) => now({ ...shown, value, na: false });

  const numberInvalid =
    numberText !== null && numberText.trim() !== '' && parseNumber(numberText) === null;
  const disabled = readOnly || shown.na;
  const name = `${id}-value`;

  let input: ReactNode = null;
  switch (q.type) {
    case 'yes_no':
      input = (
        <div role="radiogroup" aria-labelledby={titleId} className="seg">
          {YES_NO.map(([value, label]) => (
            <label key={value} className="seg-option">
              <input
                type="radio"
                name={name}
                value={value}
                checked={shown.value === value}
                disabled={disabled}
                onChange={() => setValue(value)}
              />
              <span>{t(label)}</span>
            </label>
          ))}
        </div>
      );
      break;
    case 'maturity':
      input = (
        <div role="radiogroup" aria-labelledby={titleId} className="choices">
          {q.levels.map((label, level) => (
            <label key={level} className="choice">
              <input
                type="radio"
                name={name}
                value={level}
                checked={shown.value === level}
                disabled={disabled}
                onChange={() => setValue(level)}
              />
              <span>
                <span className="level">{level}</span> {label}
              </span>
            </label>
          ))}
        </div>
      );
      break;
    case 'single_choice':
      input = (
        <div role="radiogroup" aria-labelledby={titleId} className="choices">
          {q.options.map((o) => (
            <label key={o.key} className="choice">
              <input
                type="radio"
                name={name}
                value={o.key}
                checked={shown.value === o.key}
                disabled={disabled}
                onChange={() => setValue(o.key)}
              />
              <span>{o.label}</span>
            </label>
          ))}
        </div>
      );
      break;
    case 'multiple_choice': {
      const chosen = Array.isArray(shown.value) ? shown.value : [];
      input = (
        <div role="group" aria-labelledby={titleId} className="choices">
          {q.options.map((o) => (
            <label key={o.key} className="choice">
              <input
                type="checkbox"
                value={o.key}
                checked={chosen.includes(o.key)}
                disabled={disabled}
                onChange={(e) => {
                  // Options keep the framework's order; none ticked clears the answer.
                  const next = q.options
                    .map((x) => x.key)
                    .filter((k) => (k === o.key ? e.target.checked : chosen.includes(k)));
                  setValue(next.length ? next : null);
                }}
              />
              <span>{o.label}</span>
            </label>
          ))}
        </div>
      );
      break;
    }
    case 'number': {
      const typed = numberText ?? (typeof shown.value === 'number' ? String(shown.value) : '');
      input = (
        <div className="number">
          <input
            id={`${id}-number`}
            // Named by the question and its unit: "How many admins? people".
            aria-labelledby={q.unit ? `${titleId} ${id}-unit` : titleId}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={typed}
            disabled={disabled}
            aria-describedby={numberInvalid ? `${id}-number-error` : undefined}
            aria-invalid={numberInvalid || undefined}
            onChange={(e) => {
              const t = e.target.value;
              setNumberText(t);
              const n = parseNumber(t);
              if (t.trim() === '') later({ ...shown, value: null, na: false });
              else if (n !== null) later({ ...shown, value: n, na: false });
              else typing.cancel();
            }}
            onBlur={() => {
              typing.flush();
              if (!numberInvalid) setNumberText(null);
            }}
          />
          {q.unit && (
            <span id={`${id}-unit`} className="unit">
              {q.unit}
            </span>
          )}
          {numberInvalid && (
            <p id={`${id}-number-error`} className="field-error">
              {t('q.numberInvalid')}
            </p>
          )}
        </div>
      );
      break;
    }
    case 'text':
      input = (
        <textarea
          aria-labelledby={titleId}
          rows={4}
          value={text ?? (typeof shown.value === 'string' ? shown.value : '')}
          disabled={disabled}
          onChange={(e) => {
            // Only blanks is no answer (the server would refuse it as text).
            const t = e.target.value;
            setText(t);
            later({ ...shown, value: t.trim() ? t : null, na: false });
          }}
          onBlur={() => {
            typing.flush();
            setText(null);
          }}
        />
      );
      break;
  }

  const hasAnswer = shown.value !== null || shown.na;
  return (
    <article className="q" aria-labelledby={titleId}>
      <H id={titleId} className="q-title">
        <span className="q-key">{q.key}</span> {q.title}
      </H>
      <Markdown text={q.description} className="q-desc" />
      <Guidance text={q.guidance} />
      {answer.exists && !answer.mine && !edit && (
        <p className="hint">{t(readOnly ? 'q.someoneElse' : 'q.someoneElseChange')}</p>
      )}
      {carried && state && (
        <Carried
          q={q}
          carried={carried}
          state={state}
          offer={confirming}
          onStillTrue={() => now({ value: carried.value, na: carried.na, note: carried.note })}
          onChanged={() => setChanging(true)}
        />
      )}
      {!confirming && <div ref={controls}>{input}</div>}
      {!confirming && (
        <div className="q-actions">
          {q.naAllowed && (
            <label className="check">
              <input
                type="checkbox"
                checked={shown.na}
                disabled={readOnly}
                onChange={(e) => now({ ...shown, value: null, na: e.target.checked })}
              />
              <span>{t('answer.na')}</span>
            </label>
          )}
          {!readOnly && hasAnswer && (
            <button
              type="button"
              className="btn btn-quiet"
              onClick={() => {
                setNumberText(null);
                setText(null);
                now({ ...shown, value: null, na: false });
              }}
            >
              {t('q.clear')}
            </button>
          )}
          {!readOnly && !noteOpen && (
            <button
              type="button"
              className="btn btn-quiet"
              aria-expanded={false}
              onClick={() => setNoteOpen('now')}
            >
              {t('q.addNote')}
            </button>
          )}
        </div>
      )}
      {!confirming && (noteOpen || (readOnly && shown.note)) && (
        <div className="note">
          <label htmlFor={`${id}-note`}>{t('q.note')}</label>
          <textarea
            id={`${id}-note`}
            rows={3}
            autoFocus={noteOpen === 'now'}
            value={shown.note}
            disabled={readOnly}
            onChange={(e) => later({ ...shown, note: e.target.value })}
            onBlur={() => typing.flush()}
          />
        </div>
      )}
      <AnswerFiles questionKey={q.key} files={files} readOnly={readOnly} context={fileContext} />
      {superseded && (
        <div className="q-superseded" role="alert">
          <p>{supersededText(q, superseded, tr)}</p>
          {!readOnly && (
            <div className="q-superseded-actions">
              <button type="button" className="btn" onClick={() => onAnswerAgain(q.key)}>
                {t('q.answerAgain')}
              </button>
              <button
                type="button"
                className="btn btn-quiet"
                onClick={() => onDismissSuperseded(q.key)}
              >
                {t('q.keepTheirs')}
              </button>
            </div>
          )}
        </div>
      )}
      {failed && (
        <div className="q-failed" role="alert">
          <p>{t('q.notSaved', { message: refusalText(failed, t) })}</p>
          <button type="button" className="btn btn-quiet" onClick={() => onDismissFailed(q.key)}>
            {t('q.dismiss')}
          </button>
        </div>
      )}
    </article>
  );
});

/** "Someone else changed this to Yes at 1 May 2026, 10:05; your answer No was not applied." */
export function supersededText(q: Question, w: SupersededWrite, tr: RespondentTranslator): string {
  const mine = describeAnswer(q, w, tr);
  const kept = w.kept;
  const timed = kept ? 'yes' : 'no';
  const when = kept ? tr.dateTime(kept.answeredAt) : '';
  if (kept && (kept.value !== null || kept.na)) {
    const answer = describeAnswer(q, kept, tr);
    return tr.t(kept.mine ? 'superseded.mineChanged' : 'superseded.otherChanged', {
      timed,
      when,
      answer,
      mine,
    });
  }
  return tr.t(kept?.mine ? 'superseded.mineCleared' : 'superseded.otherCleared', {
    timed,
    when,
    mine,
  });
}

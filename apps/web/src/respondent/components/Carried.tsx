import { useId } from 'react';
import { describeAnswer } from '../lib/answers.ts';
import type { CarriedAnswer, CarriedState, Question } from '../lib/contract.ts';
import { useI18n } from '../lib/i18n.ts';

/**
 * Last period's answer: to confirm, "Last period: Yes (Ana Lima, 15 Jan 2026)" with "Still
 * true" and "Changed"; once answered, a marker (confirmed unchanged, or changed and from what).
 */
export function Carried({
  q,
  carried,
  state,
  offer,
  onStillTrue,
  onChanged,
}: {
  q: Question;
  carried: CarriedAnswer;
  state: CarriedState;
  /** Offer "Still true" and "Changed" (to confirm, and the person may answer). */
  offer: boolean;
  onStillTrue: () => void;
  onChanged: () => void;
}) {
  const { t, tr } = useI18n();
  const id = useId();
  const was = describeAnswer(q, carried, tr);
  const who = (
    <span className="carried-who">
      ({carried.answeredBy},{' '}
      <time dateTime={carried.answeredAt}>{tr.date(carried.answeredAt)}</time>)
    </span>
  );
  if (state === 'confirmed') {
    return (
      <p className="marker marker-ok">
        <span aria-hidden="true">✓</span> {t('carried.same')} {who}
      </p>
    );
  }
  if (state === 'changed') {
    return (
      <p className="marker marker-changed">
        {t('carried.changedSince', { was })} {who}
      </p>
    );
  }
  return (
    <div className="carried" role="group" aria-labelledby={id}>
      <p id={id}>
        <strong>{t('carried.lastPeriod')}</strong> {was} {who}
      </p>
      {carried.note && (
        <p className="hint carried-note">{t('carried.note', { note: carried.note })}</p>
      )}
      {offer && (
        <div className="carried-actions">
          <button type="button" className="btn btn-primary" onClick={onStillTrue}>
            {t('carried.stillTrue')}
          </button>
          <button type="button" className="btn" onClick={onChanged}>
            {t('carried.changed')}
          </button>
        </div>
      )}
    </div>
  );
}

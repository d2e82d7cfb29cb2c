import { useId } from 'react';
import { describeAnswer, formatDate } from '../lib/answers.ts';
import type { CarriedAnswer, CarriedState, Question } from '../lib/contract.ts';

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
  const id = useId();
  const was = describeAnswer(q, carried);
  const who = (
    <span className="carried-who">
      ({carried.answeredBy},{' '}
      <time dateTime={carried.answeredAt}>{formatDate(carried.answeredAt)}</time>)
    </span>
  );
  if (state === 'confirmed') {
    return (
      <p className="marker marker-ok">
        <span aria-hidden="true">✓</span> Same as last period {who}
      </p>
    );
  }
  if (state === 'changed') {
    return (
      <p className="marker marker-changed">
        Changed since last period (was {was}) {who}
      </p>
    );
  }
  return (
    <div className="carried" role="group" aria-labelledby={id}>
      <p id={id}>
        <strong>Last period:</strong> {was} {who}
      </p>
      {carried.note && <p className="hint carried-note">Note: {carried.note}</p>}
      {offer && (
        <div className="carried-actions">
          <button type="button" className="btn btn-primary" onClick={onStillTrue}>
            Still true
          </button>
          <button type="button" className="btn" onClick={onChanged}>
            Changed
          </button>
        </div>
      )}
    </div>
  );
}

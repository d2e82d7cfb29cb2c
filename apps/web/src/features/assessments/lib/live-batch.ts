import type { LiveEvent, LiveEventKind } from '@tenantry/shared';

/** What changed since the last flush: per assessment id, the kinds of change. */
export type LiveChanges = Map<string, Set<LiveEventKind>>;

/**
 * Gathers live events into at most one flush per `intervalMs`: the first event after a quiet
 * spell is flushed at once, later ones wait for the interval to end and go together (one
 * refetch per assessment however many people answer).
 */
export class LiveBatch {
  private changes: LiveChanges = new Map();
  private lastFlush = -Infinity;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly flush: (changes: LiveChanges) => void,
    private readonly intervalMs = 500,
  ) {}

  add(event: LiveEvent): void {
    let kinds = this.changes.get(event.assessmentId);
    if (!kinds) this.changes.set(event.assessmentId, (kinds = new Set()));
    for (const k of event.kinds) kinds.add(k);
    if (this.timer !== null) return;
    const wait = this.lastFlush + this.intervalMs - Date.now();
    if (wait <= 0) this.run();
    else this.timer = setTimeout(() => this.run(), wait);
  }

  dispose(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.changes = new Map();
  }

  private run(): void {
    this.timer = null;
    const changes = this.changes;
    this.changes = new Map();
    this.lastFlush = Date.now();
    if (changes.size > 0) this.flush(changes);
  }
}

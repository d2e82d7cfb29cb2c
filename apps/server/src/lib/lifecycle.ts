/**
 * Where this process is in its life, for GET /readyz and the drain on SIGTERM (server.ts):
 * once draining, readiness answers 503 so the load balancer stops sending requests here,
 * answers carry `Connection: close` so kept-alive sockets move to another server, and new
 * live streams are told to reconnect elsewhere. Per process by nature (it is this process
 * that stops); nothing another server needs.
 */
import { draining as drainingGauge } from './metrics.ts';

export interface Lifecycle {
  readonly draining: boolean;
  /** Marks the process as draining (idempotent). */
  startDraining(): void;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  drainingGauge.set(0);
  return {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
      drainingGauge.set(1);
    },
  };
}

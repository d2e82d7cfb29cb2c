import { pino, type DestinationStream, type Logger } from 'pino';
import { contextLogFields } from './request-context.ts';

export type { Logger };

/**
 * JSON logs on stdout. A line written while a request or a job runs carries its `reqId` (and
 * `accountId` once known; `queue` and `jobId` in a job) from lib/request-context.ts, whichever
 * logger wrote it; fields the call itself gives win.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: contextLogFields,
    redact: { paths: ['req.headers.cookie', 'password', 'newPassword'], remove: true },
  };
  return destination ? pino(options, destination) : pino(options);
}

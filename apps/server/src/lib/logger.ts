import { pino, type Logger } from 'pino';

export type { Logger };

/** JSON logs on stdout; every request line carries `reqId` (see lib/http.ts). */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.cookie', 'password', 'newPassword'], remove: true },
  });
}

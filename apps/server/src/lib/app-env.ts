import type { Logger } from './logger.ts';
import type { AccountContext } from '../auth/account-context.ts';
import type { SessionState } from '../auth/session.ts';

/** Hono environment of the whole app: what middleware puts on the context. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** Child logger carrying `reqId`. */
    log: Logger;
    /** Set by loadSession/requireSession (auth/session.ts). */
    session: SessionState | null;
    /** Set by requireAccount (auth/account-context.ts). */
    account?: AccountContext;
  };
}

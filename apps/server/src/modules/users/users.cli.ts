import type { Database } from '../../db/client.ts';
import { endTrialOf } from '../billing/entitlements.ts';
import { markEmailVerified, setSystemFlagFromCli, type SystemFlag } from './users.service.ts';

const COMMANDS: Record<string, { flag: SystemFlag; value: boolean; done: string }> = {
  'grant-admin': { flag: 'isSystemAdmin', value: true, done: 'is now a system admin' },
  'revoke-admin': { flag: 'isSystemAdmin', value: false, done: 'is no longer a system admin' },
  'grant-dev': { flag: 'isSystemDev', value: true, done: 'is now a system developer' },
  'revoke-dev': { flag: 'isSystemDev', value: false, done: 'is no longer a system developer' },
};

export const CLI_USAGE = `Usage: npm run cli -- <command> EMAIL

Commands:
  grant-admin EMAIL    make the user a system admin (the adminUI claim)
  revoke-admin EMAIL   take system admin away
  grant-dev EMAIL      make the user a system developer (diagnostics on the developer page)
  revoke-dev EMAIL     take system developer away
  verify-email EMAIL   mark the address as proven (for someone who cannot receive the code)
  end-trial EMAIL      end the trial of the account EMAIL owns now: it falls back to Free`;

export interface CliResult {
  exitCode: number;
  output: string;
}

/** Runs one CLI command against the database; never exits the process itself. */
export async function runCliCommand(db: Database, argv: readonly string[]): Promise<CliResult> {
  const [command, email, ...extra] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    return { exitCode: command ? 0 : 1, output: CLI_USAGE };
  }
  if (command === 'verify-email') {
    if (!email || extra.length > 0) {
      return {
        exitCode: 1,
        output: `"verify-email" needs exactly one e-mail address.\n\n${CLI_USAGE}`,
      };
    }
    const found = await markEmailVerified(db, email);
    return found
      ? { exitCode: 0, output: `${email.trim().toLowerCase()} is verified: they can sign in now.` }
      : {
          exitCode: 1,
          output: `No user with the e-mail address ${email}. The person must sign up first.`,
        };
  }
  if (command === 'end-trial') {
    if (!email || extra.length > 0) {
      return {
        exitCode: 1,
        output: `"end-trial" needs exactly one e-mail address.\n\n${CLI_USAGE}`,
      };
    }
    const ended = await endTrialOf(db, email);
    return 'error' in ended
      ? { exitCode: 1, output: ended.error }
      : {
          exitCode: 0,
          output: `The trial of ${email.trim().toLowerCase()}'s account has ended: it is on Free now.`,
        };
  }
  const spec = COMMANDS[command];
  if (!spec) return { exitCode: 1, output: `Unknown command "${command}".\n\n${CLI_USAGE}` };
  if (!email || extra.length > 0) {
    return {
      exitCode: 1,
      output: `"${command}" needs exactly one e-mail address.\n\n${CLI_USAGE}`,
    };
  }
  const found = await setSystemFlagFromCli(db, email, spec.flag, spec.value);
  if (!found) {
    return {
      exitCode: 1,
      output: `No user with the e-mail address ${email}. The person must sign up first.`,
    };
  }
  return {
    exitCode: 0,
    output: `${email.trim().toLowerCase()} ${spec.done}. It takes effect on their next request.`,
  };
}

import { ConfigError } from '../config.ts';

/**
 * Runs a command-line entry point and exits with its code. A ConfigError prints only its
 * message (a setting a person can fix); anything else prints its stack and exits 1.
 */
export function runMain(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      const message =
        err instanceof ConfigError
          ? err.message
          : err instanceof Error
            ? (err.stack ?? err.message)
            : String(err);
      process.stderr.write(`${message}\n`);
      process.exit(1);
    },
  );
}

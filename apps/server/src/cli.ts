/**
 * npm run cli -- grant-admin|revoke-admin|grant-dev|revoke-dev|verify-email|end-trial EMAIL
 * npm run cli -- backup FILE | restore FILE [--force]   (the embedded database; backup.ts)
 */
import path from 'node:path';
import { BACKUP_USAGE, runBackupCommand } from './backup.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { runMain } from './lib/run-main.ts';
import { readLiveServer, runCliOnServer } from './local-control.ts';
import { CLI_USAGE, runCliCommand } from './modules/users/users.cli.ts';

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || ['help', '--help', '-h'].includes(argv[0] ?? '')) {
    process.stdout.write(`${CLI_USAGE}\n\n${BACKUP_USAGE}\n`);
    return argv.length === 0 ? 1 : 0;
  }
  const config = loadConfig();
  if (argv[0] === 'backup' || argv[0] === 'restore') {
    const result = await runBackupCommand(
      { ...config, authSecretFromEnv: Boolean(process.env.AUTH_SECRET?.trim()) },
      argv,
    );
    (result.exitCode === 0 ? process.stdout : process.stderr).write(`${result.output}\n`);
    return result.exitCode;
  }
  if (!config.databaseUrl) {
    // The embedded database belongs to the running server: let it run the command.
    const server = readLiveServer(config.dataDir);
    if (server) {
      const result = await runCliOnServer(server, argv);
      (result.exitCode === 0 ? process.stdout : process.stderr).write(`${result.output}\n`);
      return result.exitCode;
    }
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    await database.migrate();
    const result = await runCliCommand(database.db, argv);
    (result.exitCode === 0 ? process.stdout : process.stderr).write(`${result.output}\n`);
    return result.exitCode;
  } finally {
    await database.close();
  }
}

runMain(main);

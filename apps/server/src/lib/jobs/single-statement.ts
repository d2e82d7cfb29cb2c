/**
 * pg-boss sends some scripts as ONE text holding several statements wrapped in
 * `BEGIN; …; COMMIT;` (schema creation, migrations, maintenance). `pg`'s `pool.query(text)`
 * accepts that (simple-query protocol), but PGlite's `query()` uses the extended protocol,
 * which refuses it ("cannot insert multiple commands into a prepared statement").
 *
 * Splitting the script into separate calls is not an option: on a pool each call may land on
 * another connection, and on PGlite's single connection an application query could run inside
 * our half-finished transaction. So we turn the script into ONE statement instead: a `DO`
 * block that `EXECUTE`s each statement. A `DO` runs in its own implicit transaction, so the
 * script stays atomic and its `SET LOCAL` / `pg_advisory_xact_lock` keep their meaning.
 * The explicit `BEGIN` / `COMMIT` are dropped (they are not allowed inside a `DO`).
 */

/** Splits SQL text into statements on top-level `;`, honouring quotes and comments. */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  const n = sql.length;

  while (i < n) {
    const ch = sql[i]!;
    const next = sql[i + 1];

    if (ch === "'" || ch === '"') {
      // '' (or "") inside the literal is an escaped quote; E'' strings may escape with \.
      const escapedByBackslash =
        ch === "'" && i > 0 && /[eE]/.test(sql[i - 1]!) && !/\w/.test(sql[i - 2] ?? '');
      i++;
      while (i < n) {
        if (escapedByBackslash && sql[i] === '\\') {
          i += 2;
          continue;
        }
        if (sql[i] === ch) {
          if (sql[i + 1] === ch) {
            i += 2;
            continue;
          }
          break;
        }
        i++;
      }
      i++;
      continue;
    }

    if (ch === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? n : end + 1;
      continue;
    }

    if (ch === '/' && next === '*') {
      let depth = 1;
      i += 2;
      while (i < n && depth > 0) {
        if (sql[i] === '/' && sql[i + 1] === '*') {
          depth++;
          i += 2;
        } else if (sql[i] === '*' && sql[i + 1] === '/') {
          depth--;
          i += 2;
        } else {
          i++;
        }
      }
      continue;
    }

    if (ch === '$') {
      // $tag$ … $tag$ (tag may be empty); `$1` is a parameter, and `a$b` is part of a name.
      const match = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i));
      const partOfIdentifier = i > 0 && /[A-Za-z0-9_]/.test(sql[i - 1]!);
      if (match && !partOfIdentifier) {
        const tag = match[0];
        const end = sql.indexOf(tag, i + tag.length);
        i = end === -1 ? n : end + tag.length;
        continue;
      }
    }

    if (ch === ';') {
      pushStatement(statements, sql.slice(start, i));
      start = i + 1;
    }
    i++;
  }
  pushStatement(statements, sql.slice(start));
  return statements;
}

function pushStatement(statements: string[], text: string): void {
  const trimmed = text.trim();
  if (trimmed && !isOnlyComments(trimmed)) statements.push(trimmed);
}

function isOnlyComments(text: string): boolean {
  return (
    text
      .replace(/--[^\n]*(\n|$)/g, '')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .trim() === ''
  );
}

const TRANSACTION_CONTROL = /^(BEGIN|START\s+TRANSACTION|COMMIT|END)(\s+(WORK|TRANSACTION))?$/i;

/**
 * Returns `sql` unchanged when it holds a single statement; otherwise one `DO` block that
 * executes every statement (transaction control removed) in one implicit transaction.
 */
export function toSingleStatement(sql: string): string {
  const statements = splitStatements(sql);
  if (statements.length <= 1) return sql;

  const body = statements.filter((s) => !TRANSACTION_CONTROL.test(s));
  if (body.some((s) => /^(ROLLBACK|SAVEPOINT|RELEASE)\b/i.test(s))) {
    throw new Error('toSingleStatement: unsupported transaction control statement in script');
  }

  let tag = '$tenantry_do$';
  for (let k = 1; sql.includes(tag); k++) tag = `$tenantry_do${k}$`;

  const executes = body.map((s) => `EXECUTE '${s.replaceAll("'", "''")}';`).join('\n');
  return `DO ${tag}\nBEGIN\n${executes}\nEND\n${tag}`;
}

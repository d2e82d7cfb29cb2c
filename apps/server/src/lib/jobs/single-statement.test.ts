import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { splitStatements, toSingleStatement } from './single-statement.ts';

const requireCjs = createRequire(import.meta.url);
const plans = requireCjs('pg-boss/src/plans.js') as {
  locked(schema: string, query: string | string[]): string;
  archive(schema: string, completed: string, failed: string): string;
  drop(schema: string, after: string): string;
  failJobsByTimeout(schema: string): string;
};

describe('splitStatements', () => {
  it('splits on top-level semicolons only', () => {
    const sql = `
      SELECT 'a;b', "we;ird" FROM t; -- a comment; with a semicolon
      /* block; /* nested; */ comment */ SELECT E'it\\'s;' ;
      CREATE FUNCTION f() RETURNS int AS $$ BEGIN RETURN 1; END; $$ LANGUAGE plpgsql;
      DO $body$ BEGIN PERFORM 1; END $body$;
      SELECT $1::int, a$b FROM t
    `;

    expect(splitStatements(sql)).toEqual([
      `SELECT 'a;b', "we;ird" FROM t`,
      `-- a comment; with a semicolon\n      /* block; /* nested; */ comment */ SELECT E'it\\'s;'`,
      'CREATE FUNCTION f() RETURNS int AS $$ BEGIN RETURN 1; END; $$ LANGUAGE plpgsql',
      'DO $body$ BEGIN PERFORM 1; END $body$',
      'SELECT $1::int, a$b FROM t',
    ]);
  });

  it('drops empty and comment-only pieces', () => {
    expect(splitStatements(' ; -- nothing\n ;SELECT 1;')).toEqual(['SELECT 1']);
  });
});

describe('toSingleStatement', () => {
  it('leaves a single statement as it is', () => {
    const sql = 'SELECT 1 -- trailing; comment\n';
    expect(toSingleStatement(sql)).toBe(sql);
    expect(toSingleStatement('SELECT 1;')).toBe('SELECT 1;');
  });

  it('turns a BEGIN … COMMIT script into one DO block without the transaction control', () => {
    const out = toSingleStatement("BEGIN; SET LOCAL lock_timeout = '30s'; SELECT 1; COMMIT;");

    expect(splitStatements(out)).toHaveLength(1);
    expect(out).toBe(
      "DO $tenantry_do$\nBEGIN\nEXECUTE 'SET LOCAL lock_timeout = ''30s''';\nEXECUTE 'SELECT 1';\nEND\n$tenantry_do$",
    );
  });

  it('picks a dollar tag the script does not contain', () => {
    const out = toSingleStatement('SELECT 1; SELECT $tenantry_do$x$tenantry_do$');
    expect(out.startsWith('DO $tenantry_do1$')).toBe(true);
  });

  it('refuses scripts that roll back part way', () => {
    expect(() => toSingleStatement('BEGIN; SAVEPOINT a; SELECT 1; COMMIT')).toThrow(/unsupported/);
  });

  it.each([
    ['construction', PgBoss.getConstructionPlans('pgboss')],
    ['maintenance: expire', plans.locked('pgboss', plans.failJobsByTimeout('pgboss'))],
    ['maintenance: archive', plans.locked('pgboss', plans.archive('pgboss', '1 hour', '1 hour'))],
    ['maintenance: drop', plans.locked('pgboss', plans.drop('pgboss', '7 days'))],
  ])('keeps every statement of pg-boss %s script', (_name, script) => {
    const statements = splitStatements(script);
    const out = toSingleStatement(script);

    expect(statements[0]).toBe('BEGIN');
    expect(statements.at(-1)).toBe('COMMIT');
    expect(splitStatements(out)).toHaveLength(1);
    expect(out.match(/^EXECUTE '/gm)).toHaveLength(statements.length - 2);
  });
});

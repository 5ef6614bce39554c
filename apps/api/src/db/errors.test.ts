import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/build-test-app';
import type { Database } from './client';
import { isDatabaseUnavailable, isRejectedValue, isUniqueViolation, sqlState, withRetry } from './errors';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

/** The error a real statement fails with, as Drizzle hands it to a repository. */
const failureOf = (statement: ReturnType<typeof sql>) =>
  database.db.execute(statement).then(
    () => expect.unreachable('the statement should fail'),
    (err: unknown) => err,
  );

describe('db/errors reads what the driver throws, through Drizzle', () => {
  it("names a unique violation, and a refused value as the client's mistake", async () => {
    await database.db.execute(sql`create temporary table seen (k text primary key)`);
    await database.db.execute(sql`insert into seen values ('a')`);
    const duplicate = await failureOf(sql`insert into seen values ('a')`);
    expect(sqlState(duplicate)).toBe('23505');
    expect(isUniqueViolation(duplicate)).toBe(true);
    expect(isRejectedValue(duplicate)).toBe(false);

    const badNumber = await failureOf(sql`select 'not a number'::integer`);
    expect(isRejectedValue(badNumber)).toBe(true);
    expect(isUniqueViolation(badNumber)).toBe(false);
    expect(isDatabaseUnavailable(badNumber)).toBe(false);
  });

  it('runs a deadlock victim again, and gives up on anything else at once', async () => {
    let calls = 0;
    const deadlock = Object.assign(new Error('wrapped'), {
      cause: Object.assign(new Error('deadlock'), { code: '40P01' }),
    });
    await expect(withRetry(async () => (++calls < 3 ? Promise.reject(deadlock) : 'done'))).resolves.toBe(
      'done',
    );
    expect(calls).toBe(3);

    calls = 0;
    const other = await failureOf(sql`select 1/0`);
    await expect(withRetry(() => (calls++, Promise.reject(other)))).rejects.toBe(other);
    expect(calls).toBe(1);
  });

  it('tells an unreachable database from a broken statement', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(
      isDatabaseUnavailable(new Error('x', { cause: new Error('Connection terminated unexpectedly') })),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('syntax error'))).toBe(false);
  });
});

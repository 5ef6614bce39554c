import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

/**
 * Gives the rows `ids` of `table` times in `column` within one millisecond, 150 µs apart in the order given:
 * as a writer other than the API's own statement (a column default, a bulk import) may store them.
 */
export async function stampWithinOneMillisecond(
  db: Db,
  table: 'products' | 'cart_items',
  column: 'created_at' | 'purchased_at',
  ids: string[],
) {
  const list = `{${ids.join(',')}}`;
  await db.execute(sql`
    update ${sql.identifier(table)} set ${sql.identifier(column)} = timestamptz '2001-03-04 05:06:07.891000+00'
      + array_position(${list}::uuid[], id) * interval '150 microseconds'
    where id = any(${list}::uuid[])`);
}

import { QUOTE_EXPIRING_WITHIN_MS } from '@bulkwise/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ts } from '../../db/sql';
import { notificationOutbox, quotes } from '../../db/schema';
import type { InvalidateQuotes } from './quotes.cache';

/**
 * One pass of the quote sweep, by the clock `now`: queues the "expires within 24 hours" email of every
 * live offer that has not had one (to the buyer, whose move it is), and writes `expired` on offers past
 * their end (reads already treat them as expired). Each is one statement whose conditional UPDATE has one
 * winner, so several instances sweeping at once send each email once. Answers what it did, with the
 * parties of the offers it expired.
 */
export async function sweepQuotes(
  db: Db,
  now: Date,
): Promise<{ warned: number; expired: number; parties: string[] }> {
  const soon = new Date(now.getTime() + QUOTE_EXPIRING_WITHIN_MS);
  const warned = await db.execute(sql`
    with warned as (
      update ${quotes} set expiry_warned = true
      where status = 'offered' and not expiry_warned and valid_until > ${ts(now)} and valid_until <= ${ts(soon)}
      returning *
    )
    insert into ${notificationOutbox} (kind, recipient_uid, recipient_email, payload)
    select 'quote.expiring', w.buyer_uid, w.buyer_email, jsonb_build_object(
      'quoteId', w.id, 'toName', w.buyer_name, 'buyerName', w.buyer_name, 'supplierName', w.supplier_name,
      'lineCount', jsonb_array_length(w.lines), 'version', w.current_version, 'total', null,
      'validUntil', to_char(w.valid_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'reason', null, 'orderCount', 0)
    from warned w`);
  // The parties of the offers it expired: their lists read the same by the clock, but their cached
  // answers go (in this process here; elsewhere by the trigger of migration 0028).
  const expired = await db.execute(sql`
    with e as (
      update ${quotes} set status = 'expired' where status = 'offered' and valid_until <= ${ts(now)}
      returning buyer_uid, supplier_uid
    )
    select (select count(*) from e)::int as n,
      array(select buyer_uid from e union select supplier_uid from e) as parties`);
  const count = (r: unknown) => (r as { rowCount?: number | null }).rowCount ?? 0;
  const [row] = (expired as unknown as { rows: Array<{ n: number; parties: string[] }> }).rows;
  return { warned: count(warned), expired: row?.n ?? 0, parties: row?.parties ?? [] };
}

/** The sweep every `intervalMs` in this process (0: never); stop() waits for a pass under way. */
export function startQuoteSweep(
  db: Db,
  clock: () => Date,
  intervalMs: number,
  log: (msg: string, err: unknown) => void,
  invalidateQuotes: InvalidateQuotes,
) {
  if (intervalMs <= 0) return { stop: async () => {} };
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = sweepQuotes(db, clock())
      .then(({ parties }) => invalidateQuotes(...parties))
      .catch((err: unknown) => log('quote sweep failed', err));
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

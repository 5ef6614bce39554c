import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/build-test-app';
import { useTestApp } from '../../../test/use-test-app';
import { makeUser, placeOrder, supplierWithProduct, call } from '../../../test/factories';
import { requestQuote } from '../../../test/quote-factories';
import { listenForTags } from '../../../test/bus-tags';
import { quotesTag } from './quotes.cache';

// What the triggers of migration 0028 tell other instances, statement by statement, as a script would
// write: the quote's two parties for what a quotes list shows, nothing for what it does not.
const t = useTestApp();

describe(`the quotes triggers on ${DB_KIND}`, () => {
  it('name both parties for a version, a quote message and a moved read marker; nothing for the rest', async () => {
    const listener = await listenForTags(t);
    /** The quotes tags `statement` notified. */
    const tagsOf = (statement: SQL) => listener.tagsOf(statement, (tag) => tag.startsWith('quotes:'));
    try {
      const { supplier, product } = await supplierWithProduct(t, { minSellingQuantity: 1 });
      const buyer = makeUser('buyer');
      const quote = await requestQuote(t, buyer, [product._id], 5);
      const order = await placeOrder(t, buyer, product._id, 5);
      for (const [subject, id] of [
        ['quotes', quote._id],
        ['orders', order],
      ])
        await call(t, buyer, 'POST', `/api/${subject}/${id}/messages`, { text: 'Hello' });
      const both = [quotesTag(buyer.uid), quotesTag(supplier.uid)].sort();
      const thread = (subject: string) =>
        sql`(select id from message_threads where subject_type = ${subject} and subject_id = ${
          subject === 'quote' ? quote._id : order
        })`;

      expect(
        await tagsOf(sql`insert into quote_versions (quote_id, number, "by", lines, at)
          values (${quote._id}, 1, 'supplier', '[]'::jsonb, now())`),
      ).toEqual(both);
      expect(
        await tagsOf(sql`insert into messages (thread_id, from_party, author_uid, text, at)
          values (${thread('quote')}, 'supplier', ${supplier.uid}, 'Hi', now())`),
      ).toEqual(both);
      expect(
        await tagsOf(sql`update message_threads set buyer_read_id = buyer_read_id + 1
          where id = ${thread('quote')}`),
      ).toEqual(both);
      expect(
        await tagsOf(
          sql`update message_threads set supplier_emailed_at = now() where id = ${thread('quote')}`,
        ),
      ).toEqual([]);
      expect(
        await tagsOf(sql`insert into messages (thread_id, from_party, author_uid, text, at)
          values (${thread('order')}, 'supplier', ${supplier.uid}, 'Hi', now())`),
      ).toEqual([]);
      expect(await tagsOf(sql`update quotes set note = 'Pallets' where id = ${quote._id}`)).toEqual(both);
    } finally {
      await listener.close();
    }
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  bearer,
  createProduct,
  makeUser,
  moveOrder,
  placeOrder,
  type TestUser,
  supplierWithProduct,
} from '../../../test/factories';
import {
  applyActionCode,
  signInAgain,
  signUpWithPassword,
  type EmulatorUser,
} from '../../../test/firebase-emulator';
import { testOutboxWorker } from '../../../test/outbox-worker';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher';
import { notificationOutbox, type OutboxRow } from '../../db/schema';
import { createOrderNotifications } from '../notifications/order-notifications';

let t: TestApp;
let smtp: SmtpCatcher;
beforeAll(async () => {
  [t, smtp] = await Promise.all([
    buildTestApp({ orderEvents: createOrderNotifications() }),
    startSmtpCatcher(),
  ]);
});
afterAll(async () => Promise.all([t?.close(), smtp?.close()]));
beforeEach(async () => {
  await t.database.db.delete(notificationOutbox);
  smtp.messages.length = 0;
});

const worker = () => testOutboxWorker(t.database.db, smtp.url);
/** Every due row settled by one worker round; answers the rows as they ended. */
async function deliverAll(): Promise<OutboxRow[]> {
  const w = worker();
  while ((await w.runOnce()) > 0);
  await w.stop();
  return t.database.db.select().from(notificationOutbox);
}
const recipients = () => smtp.messages.map((m) => (m.to as { text: string }).text);

const exchange = (idToken: string, user: { uid: string; email: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/jwt',
    headers: { authorization: `Bearer ${idToken}` },
    payload: { uid: user.uid, email: user.email },
  });
const askForLink = async (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/verification-email',
    headers: { authorization: `Bearer ${token}` },
  });
const deskOf = async (supplier: TestUser) =>
  (
    await t.app.inject({ method: 'GET', url: '/api/orders', headers: await bearer(t, supplier) })
  ).json() as Array<{
    _id: string;
    buyer: { name: string; email: string; emailVerified: boolean };
  }>;
const csvOf = async (supplier: TestUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/orders/export.csv', headers: await bearer(t, supplier) }))
    .body;

describe('order emails go only to verified addresses', () => {
  it("an unverified buyer's order mails the verified supplier, never the buyer, and says why", async () => {
    const { supplier, product } = await supplierWithProduct(t);
    const buyer = makeUser('buyer', { emailVerified: false });
    const order = await placeOrder(t, buyer, product._id, 20);
    await moveOrder(t, supplier, order, 'confirm');

    const rows = await deliverAll();
    expect(recipients()).toEqual([supplier.email]);
    expect(rows.find((r) => r.kind === 'order.confirmed')).toMatchObject({
      status: 'skipped',
      recipientEmail: buyer.email,
      lastError: 'recipient email not verified',
    });
  });

  it('an unverified supplier may list and sell (decision 0019); its order mail is withheld until verified', async () => {
    const supplier = makeUser('supplier', { emailVerified: false });
    const buyer = makeUser('buyer');
    const product = await createProduct(t, supplier);
    const first = await placeOrder(t, buyer, product._id, 20);
    expect((await moveOrder(t, supplier, first, 'confirm')).statusCode).toBe(200);
    const rows = await deliverAll();
    expect(rows.find((r) => r.kind === 'order.placed')).toMatchObject({
      status: 'skipped',
      lastError: 'recipient email not verified',
    });
    // The buyer's mails go (the confirmation and, on confirm of a prepay order, its invoice); none to the supplier.
    expect(new Set(recipients())).toEqual(new Set([buyer.email]));

    // The supplier verifies (their next token exchange records it): the next order's mail goes.
    await t.tokenFor({ ...supplier, emailVerified: true });
    smtp.messages.length = 0;
    await placeOrder(t, buyer, product._id, 20);
    await deliverAll();
    expect(recipients()).toEqual([supplier.email]);
  });

  it('an address is verified only for the uid that verified it', async () => {
    const owner = makeUser('owner');
    await t.tokenFor(owner);
    // Another account claiming the owner's address: the owner's verification does not vouch for it.
    const impostor = { ...makeUser('impostor', { emailVerified: false }), email: owner.email };
    const { supplier, product } = await supplierWithProduct(t);
    const order = await placeOrder(t, impostor, product._id, 20);
    await moveOrder(t, supplier, order, 'confirm');
    const rows = await deliverAll();
    expect(rows.find((r) => r.kind === 'order.confirmed')).toMatchObject({
      recipientUid: impostor.uid,
      status: 'skipped',
    });
    expect(recipients()).toEqual([supplier.email]);
    expect((await deskOf(supplier))[0]!.buyer).toMatchObject({
      email: owner.email,
      emailVerified: false,
    });
  });
});

describe('the desk, the CSV and the buyer’s view mark an unverified buyer', () => {
  it('shows the mark until the buyer verifies, then drops it everywhere', async () => {
    const { supplier, product } = await supplierWithProduct(t);
    const buyer = makeUser('buyer', { emailVerified: false });
    const order = await placeOrder(t, buyer, product._id, 20);

    const mark = async () => ({
      desk: (await deskOf(supplier)).find((o) => o._id === order)!.buyer,
      csv: (await csvOf(supplier))
        .split('\r\n')
        .find((l) => l.startsWith(order))!
        .split(',')
        .at(-1),
      cart: (
        (
          await t.app.inject({ method: 'GET', url: '/api/cart', headers: await bearer(t, buyer) })
        ).json() as Array<{ _id: string; buyer: { emailVerified: boolean } }>
      ).find((o) => o._id === order)!.buyer.emailVerified,
      csvHeader: (await csvOf(supplier)).split('\r\n')[0]!.split(',').at(-1),
    });
    expect(await mark()).toEqual({
      desk: { name: buyer.name, email: buyer.email, emailVerified: false },
      csv: 'no',
      cart: false,
      csvHeader: 'buyer email verified',
    });

    // Recorded by another process (tokenFor writes the row as POST /jwt would): the accounts trigger
    // drops this process's cached desk page, as it does every process's.
    buyer.emailVerified = true;
    await t.tokenFor(buyer);
    await expect.poll(mark).toMatchObject({ desk: { emailVerified: true }, csv: 'yes', cart: true });
  });
});

describe('POST /api/jwt records what Firebase says about the address', () => {
  it('an unverified sign-up, then the emailed link opened, then a fresh token: verified', async () => {
    const user: EmulatorUser = await signUpWithPassword('Vera Buyer');
    const first = await exchange(user.idToken, user);
    expect(first.statusCode).toBe(200);
    const token = first.json().token as string;

    // The buyer's order is marked while unverified.
    const { supplier, product } = await supplierWithProduct(t);
    const placed = await t.app.inject({
      method: 'POST',
      url: `/api/products/purchase/${product._id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { quantity: 20, address: '14 Harbour Road, Bristol', phone: '+44 117 496 0123' },
    });
    expect(placed.statusCode).toBe(200);
    const order = placed.json().cartItemId as string;
    expect((await deskOf(supplier)).find((o) => o._id === order)!.buyer.emailVerified).toBe(false);

    // Settings' "Verify your email": the link is mailed through our own outbox.
    const asked = await askForLink(token);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ status: 'sent', email: user.email });
    await deliverAll();
    // Two mails: the supplier's "New order" and the link (sent side by side, in either order).
    const mail = (await smtp.waitFor(2)).find((m) => (m.to as { text: string }).text === user.email);
    expect(mail!.subject).toBe('Verify your email address for Bulkwise');
    const link = /https:\/\/market\.example\.com\/verify-email\?oobCode=[^\s"]+/.exec(mail!.text ?? '')?.[0];
    expect(link).toBeDefined();

    // The web page applies the code, refreshes the ID token and exchanges it again.
    await applyActionCode(new URL(link!).searchParams.get('oobCode')!);
    const again = await exchange(await signInAgain(user), user);
    expect(again.statusCode).toBe(200);
    expect((await deskOf(supplier)).find((o) => o._id === order)!.buyer.emailVerified).toBe(true);

    // Asked again after verifying: nothing is mailed.
    const late = await askForLink(again.json().token as string);
    expect(late.json()).toEqual({ status: 'already_verified', email: user.email });
    expect(
      await t.database.db
        .select()
        .from(notificationOutbox)
        .where(eq(notificationOutbox.kind, 'account.verify_email')),
    ).toHaveLength(1);
  });

  it('an older, unverified ID token exchanged after a newer verified one does not undo it', async () => {
    const user = await signUpWithPassword();
    const stale = user.idToken;
    await exchange(stale, user);
    const asked = await askForLink((await exchange(stale, user)).json().token as string);
    expect(asked.json().status).toBe('sent');
    await deliverAll();
    const [mail] = await smtp.waitFor(1);
    await applyActionCode(/oobCode=([^\s"&]+)/.exec(mail!.text ?? '')![1]!);
    // ID tokens carry whole seconds: the fresh one must be minted in a later second than the stale one.
    const staleIat = JSON.parse(Buffer.from(stale.split('.')[1]!, 'base64url').toString()).iat as number;
    let fresh = await signInAgain(user);
    while (JSON.parse(Buffer.from(fresh.split('.')[1]!, 'base64url').toString()).iat <= staleIat) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      fresh = await signInAgain(user);
    }
    expect((await exchange(fresh, user)).statusCode).toBe(200);
    expect((await exchange(stale, user)).statusCode).toBe(200);

    const { supplier, product } = await supplierWithProduct(t);
    const token = (await exchange(fresh, user)).json().token as string;
    const placed = await t.app.inject({
      method: 'POST',
      url: `/api/products/purchase/${product._id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { quantity: 20, address: '14 Harbour Road, Bristol', phone: '+44 117 496 0123' },
    });
    const order = placed.json().cartItemId as string;
    await exchange(stale, user);
    expect((await deskOf(supplier)).find((o) => o._id === order)!.buyer.emailVerified).toBe(true);
  });

  it('the verification mail goes even to a user who turned order emails off', async () => {
    const user = await signUpWithPassword();
    const token = (await exchange(user.idToken, user)).json().token as string;
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { authorization: `Bearer ${token}` },
      payload: { emailNotifications: false },
    });
    expect(put.statusCode).toBe(200);
    expect((await askForLink(token)).json()).toEqual({ status: 'sent', email: user.email });
    const rows = await deliverAll();
    expect(rows).toEqual([expect.objectContaining({ kind: 'account.verify_email', status: 'sent' })]);
    expect(recipients()).toEqual([user.email]);
  });

  it('asking for a link needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/account/verification-email' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

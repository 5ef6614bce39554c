import {
  TRADE_MESSAGES,
  formatUsd,
  type ReasonBody,
  type SetTermsBody,
  type TermsRequestBody,
  type TradeAccount,
} from '@bulkwise/contracts';
import type { TradeAccountRow } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { isUuid } from '../../ids';
import type { AuthUser } from '../auth/tokens';
import { enqueueTradeMail } from '../notifications/trade-mail';
import { dayOf, dollars, toTradeAccount } from './trade.mapper';
import type { TradeQueries, TradeRepository } from './trade.repository';

type Party = 'buyer' | 'supplier';

const termsText = (row: TradeAccountRow) =>
  row.terms === 'net'
    ? `Net ${row.netDays} days, credit limit ${formatUsd(dollars(row.creditLimitCents))}`
    : 'Prepay';

interface TradeServiceDeps {
  repository: TradeRepository;
  clock: () => Date;
}
type Tx = Parameters<Parameters<TradeRepository['transaction']>[0]>[1];
/** A supplier's change to an account: its writes and history entry (and mail), under the row lock. */
type AccountChange = (q: TradeQueries, row: TradeAccountRow, tx: Tx) => Promise<void>;

async function present(
  { repository, clock }: TradeServiceDeps,
  rows: TradeAccountRow[],
): Promise<TradeAccount[]> {
  const ids = rows.map((r) => r.id);
  const [figures, history] = await Promise.all([
    repository.figures(ids, dayOf(clock())),
    repository.history(ids),
  ]);
  return rows.map((r) =>
    toTradeAccount(
      r,
      figures.get(r.id),
      history.filter((h) => h.accountId === r.id),
    ),
  );
}

/** The account and the caller's side of it; 404 for anyone who is neither party. */
async function visibleAccount(
  repository: TradeRepository,
  user: AuthUser,
  id: string,
): Promise<{ row: TradeAccountRow; party: Party }> {
  const row = isUuid(id) ? await repository.findById(id) : undefined;
  if (row?.supplierUid === user.uid) return { row, party: 'supplier' };
  if (row?.buyerUid === user.uid) return { row, party: 'buyer' };
  throw notFound('Trade account');
}

/** A supplier's change to an account, under its row lock, with its history entry (and mail). */
async function supplierChange(
  deps: TradeServiceDeps,
  user: AuthUser,
  id: string,
  change: AccountChange,
): Promise<TradeAccount> {
  const { repository } = deps;
  const { party } = await visibleAccount(repository, user, id);
  if (party !== 'supplier') throw forbidden('Only the supplier can change this account');
  await repository.transaction(async (q, tx) => {
    const row = await q.lock(id);
    if (!row) throw notFound('Trade account');
    await change(q, row, tx);
  });
  return (await present(deps, [(await repository.findById(id))!]))[0]!;
}

/** The supplier's changes, each with its history entry; new terms also email the buyer. */
const changes = {
  setTerms:
    (id: string, body: SetTermsBody): AccountChange =>
    async (q, row, tx) => {
      const status = row.status === 'on_hold' ? 'on_hold' : 'active';
      const updated = await q.setTerms(id, body, status);
      await q.appendHistory(id, {
        action: 'terms_set',
        by: 'supplier',
        reason: termsText(updated),
        details: { terms: body.terms, netDays: updated.netDays, creditLimit: body.creditLimit },
      });
      await enqueueTradeMail(
        tx,
        'trade.terms_changed',
        { uid: row.buyerUid, email: row.buyerEmail },
        {
          greeting: row.buyerName,
          subject: `${row.supplierName} set your payment terms: ${termsText(updated)}`,
          lead: `${row.supplierName} set your payment terms.`,
          facts: [['Terms', termsText(updated)]],
          link: { label: 'See your invoices and terms', path: '/invoices' },
        },
      );
    },
  decline:
    (id: string, body: ReasonBody): AccountChange =>
    async (q, row) => {
      if (row.status !== 'on_hold') await q.setStatus(id, 'declined');
      await q.appendHistory(id, { action: 'declined', by: 'supplier', reason: body.reason });
    },
  hold:
    (id: string, body: ReasonBody): AccountChange =>
    async (q) => {
      await q.setStatus(id, 'on_hold');
      await q.appendHistory(id, { action: 'hold', by: 'supplier', reason: body.reason });
    },
  release:
    (id: string, body: ReasonBody): AccountChange =>
    async (q, row) => {
      if (row.status !== 'on_hold') throw new AppError('CONFLICT', 'This account is not on hold');
      await q.setStatus(id, 'active');
      await q.appendHistory(id, { action: 'released', by: 'supplier', reason: body.reason });
    },
};

export function createTradeService(deps: TradeServiceDeps) {
  const { repository } = deps;
  return {
    async list(user: AuthUser, as: Party): Promise<TradeAccount[]> {
      return present(deps, await repository.listFor(user.uid, as));
    },
    async get(user: AuthUser, id: string): Promise<TradeAccount> {
      return (await present(deps, [(await visibleAccount(repository, user, id)).row]))[0]!;
    },
    async request(user: AuthUser, body: TermsRequestBody): Promise<TradeAccount> {
      if (body.supplierId === user.uid) throw new AppError('BAD_REQUEST', TRADE_MESSAGES.ownAccount);
      const supplier = await repository.supplier(body.supplierId);
      if (!supplier) throw notFound('Supplier');
      const row = await repository.transaction(async (q) => {
        const account = await q.request(
          { uid: user.uid, name: user.name || 'Anonymous', email: user.email },
          { uid: body.supplierId, ...supplier },
          body,
        );
        await q.appendHistory(account.id, { action: 'requested', by: 'buyer', reason: body.note });
        return account;
      });
      return (await present(deps, [row]))[0]!;
    },
    setTerms: (user: AuthUser, id: string, body: SetTermsBody) =>
      supplierChange(deps, user, id, changes.setTerms(id, body)),
    decline: (user: AuthUser, id: string, body: ReasonBody) =>
      supplierChange(deps, user, id, changes.decline(id, body)),
    hold: (user: AuthUser, id: string, body: ReasonBody) =>
      supplierChange(deps, user, id, changes.hold(id, body)),
    release: (user: AuthUser, id: string, body: ReasonBody) =>
      supplierChange(deps, user, id, changes.release(id, body)),
    visible: (user: AuthUser, id: string) => visibleAccount(repository, user, id),
  };
}
export type TradeService = ReturnType<typeof createTradeService>;

// The credit of a company on account cannot be overspent by buyers ordering at once (docs/decisions/044-orders-on-account.md):
// two real server processes on one PostgreSQL database take orders on account from buyers of one company,
// each order within the credit left on its own but not all together. Placing an order on account locks the
// company's row before adding up what it owes, so the orders are counted one after the other: as many are
// Confirmed as the credit holds, the others go On hold saying why, and what the Confirmed ones owe never
// exceeds the limit. Each buyer orders a tool of its own, so no lock on a tool lines the orders up instead.

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { accountMessages, type AccountStanding } from '../../src/contract/account-terms';
import type { PlacedOrder } from '../../src/contract/order';
import { rowsOf } from '../../server/db/rows';
import { joinCompany } from '../../server/repositories/companies';
import { insertProduct } from '../../server/repositories/products';
import { http } from '../helpers/http';
import { mintUser, type MintedUser } from '../helpers/minted-users';
import { usePostgresProcesses } from '../helpers/postgres-processes';
import type { ServerProcess } from '../helpers/server-process';
import '../setup/provided';

const PORTS = [3441, 3442] as const;
const SECRET = 'credit-race-processes-secret-long-enough-for-hs256';
const postgresUrl = inject('postgresUrl');

/** Dollars, as orders are priced; credit is in cents. */
const PRICE = 600;
const LIMIT_CENTS = 1_000 * 100;

describe('orders on account racing for one company’s credit, from two server processes on one PostgreSQL database', () => {
  const cluster = usePostgresProcesses({ ports: PORTS, secret: SECRET, env: { RATE_LIMIT_ORDERS_PER_MINUTE: '60000' } });
  const server = (i: number) => (cluster.servers[i % cluster.servers.length] as ServerProcess).url;
  let admin: MintedUser;

  /** A company on Net 30 with `limitCents` of credit and `buyers` members (its admin first), each with a tool of its own at `price`. */
  async function companyOfBuyers(buyers: number, limitCents: number, price: number) {
    const { db } = cluster.database;
    admin ??= await mintUser(db, SECRET, { admin: true });
    const members = await Promise.all(Array.from({ length: buyers }, (_, i) => mintUser(db, SECRET, { displayName: `Race Buyer ${i + 1}` })));
    const [first] = members;
    if (!first) throw new Error('a company needs a buyer');
    const companyId = (await rowsOf<{ id: string }>(db, sql`select company_id as id from company_members where user_id = ${first.id}::uuid`))[0]?.id ?? '';
    for (const member of members.slice(1)) {
      const joined = await db.transaction((tx) => joinCompany(tx, member.id, companyId, 'buyer'));
      expect(joined.outcome).toBe('joined');
    }
    const terms = await http<AccountStanding>(server(0), 'PUT', `/api/admin/companies/${companyId}/terms`, {
      auth: admin.auth,
      body: { paymentTerms: 'net30', creditLimit: limitCents, poRequired: false },
    });
    expect(terms.status, JSON.stringify(terms.body)).toBe(200);
    expect(terms.body).toMatchObject({ paymentTerms: 'net30', creditLimit: limitCents, outstanding: 0, available: limitCents });
    const tools = await Promise.all(
      members.map((_, i) =>
        insertProduct(db, {
          name: `Race Tool ${randomUUID().slice(0, 8)} ${i}`,
          description: 'R'.repeat(160),
          imageUrl: `/uploads/${'r'.repeat(64)}.webp`,
          price,
          available: 1_000,
          minOrder: 1,
        }),
      ),
    );
    return { companyId, members, tools };
  }

  /** Each member orders its own tool on account, one order each, from the two processes in turn, all at once. */
  function fire(members: MintedUser[], tools: string[], round: number) {
    return Promise.all(
      members.map((member, i) =>
        http<PlacedOrder & { error?: { code: string; message: string } }>(server(round + i), 'POST', '/api/orders', {
          auth: member.auth,
          body: {
            lines: [{ productId: tools[i], quantity: 1 }],
            userAddress: '7 Credit Lane, Leeds',
            userPhone: '+44 113 496 0000',
            clientOrderId: randomUUID(),
            poNumber: `PO-RACE-${round}-${i + 1}`,
            payment: 'account',
          },
        }),
      ),
    );
  }

  /** The company's orders on account as the database holds them, and what the Confirmed ones owe in cents. */
  async function ordersOf(companyId: string) {
    const rows = await rowsOf<{ id: string; status: string; status_reason: string | null; total_minor: number }>(
      cluster.database.db,
      sql`select id, status, status_reason, total_minor from orders where company_id = ${companyId}::uuid and payment_terms <> 'card'`,
    );
    const confirmedCents = rows.filter((r) => r.status === 'Confirmed').reduce((sum, r) => sum + Number(r.total_minor), 0);
    return { rows, confirmedCents };
  }

  /** The placements of this company waiting on a lock, as PostgreSQL sees its sessions. */
  async function waitingOnLocks(): Promise<number> {
    const [row] = await rowsOf<{ n: number }>(
      cluster.database.db,
      sql`select count(*)::int as n from pg_stat_activity where datname = ${cluster.databaseName} and wait_event_type = 'Lock'`,
    );
    return Number(row?.n ?? 0);
  }

  it.runIf(postgresUrl)(
    'two buyers each within the credit alone but not together, at once, ten times: exactly one Confirmed and one On hold each time',
    async () => {
      for (let round = 0; round < 10; round += 1) {
        const { companyId, members, tools } = await companyOfBuyers(2, LIMIT_CENTS, PRICE);
        const answers = await fire(members, tools, round);
        expect(
          answers.map((a) => a.status),
          JSON.stringify(answers.map((a) => a.body)),
        ).toEqual([201, 201]);
        expect(answers.map((a) => a.body.status).sort()).toEqual(['Confirmed', 'On hold']);

        const { rows, confirmedCents } = await ordersOf(companyId);
        expect(rows).toHaveLength(2);
        expect(confirmedCents).toBe(PRICE * 100);
        expect(confirmedCents).toBeLessThanOrEqual(LIMIT_CENTS);
        expect(rows.find((r) => r.status === 'On hold')?.status_reason).toBe(accountMessages.overCredit);
        const account = await http<AccountStanding>(server(round + 1), 'GET', '/api/company/account', { auth: members[0]?.auth });
        expect(account.body).toMatchObject({ outstanding: PRICE * 100, available: LIMIT_CENTS - PRICE * 100 });
      }
    },
    180_000,
  );

  it.runIf(postgresUrl)(
    'both placements truly in flight together (held at the company’s row until both wait), five times: still one Confirmed and one On hold',
    async () => {
      for (let round = 0; round < 5; round += 1) {
        const { companyId, members, tools } = await companyOfBuyers(2, LIMIT_CENTS, PRICE);
        // The test holds the company's row, as a third order would, until both placements wait behind it: then
        // neither has counted what the company owes yet, and both count it after the lock is let go. The
        // answers are awaited only after the transaction ends (wrapped, so the transaction does not wait for them).
        const { fired } = await cluster.database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1 from companies where id = ${companyId}::uuid for update`);
          const inFlight = fire(members, tools, round);
          const deadline = Date.now() + 15_000;
          while ((await waitingOnLocks()) < 2) {
            if (Date.now() > deadline) throw new Error('the two placements did not both wait on the company’s row');
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          return { fired: inFlight };
        });
        const answers = await fired;
        expect(answers.map((a) => a.status)).toEqual([201, 201]);
        expect(answers.map((a) => a.body.status).sort()).toEqual(['Confirmed', 'On hold']);
        const { confirmedCents } = await ordersOf(companyId);
        expect(confirmedCents).toBe(PRICE * 100);
      }
    },
    180_000,
  );

  it.runIf(postgresUrl)(
    'six buyers of one company at $300 each against $1,000 of credit, at once, five times: three Confirmed, never more than the limit',
    async () => {
      for (let round = 0; round < 5; round += 1) {
        const { companyId, members, tools } = await companyOfBuyers(6, LIMIT_CENTS, 300);
        const answers = await fire(members, tools, round);
        expect(answers.every((a) => a.status === 201)).toBe(true);
        const statuses = answers.map((a) => a.body.status);
        expect(statuses.filter((s) => s === 'Confirmed')).toHaveLength(3);
        expect(statuses.filter((s) => s === 'On hold')).toHaveLength(3);
        const { confirmedCents } = await ordersOf(companyId);
        expect(confirmedCents).toBe(900 * 100);
        expect(confirmedCents).toBeLessThanOrEqual(LIMIT_CENTS);
      }
    },
    180_000,
  );
});

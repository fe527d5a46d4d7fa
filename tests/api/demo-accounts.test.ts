// Local mode's demo accounts: an admin, an approved dealer with a company of its own, a sales rep who orders
// for that company, and a trade dealer whose company pays on account. Made again on every start without
// changing what is there.

import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ensureDemoAccounts } from '../../server/auth/demo-accounts';
import { rowsOf } from '../../server/db/rows';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

describeEachDatabase('demo accounts', (kind) => {
  const { t } = useTestApp(kind, { users: {} });

  it('makes the admin, the dealers and the rep assigned to the dealer’s company, and the same again on the next start', async () => {
    for (let start = 0; start < 2; start += 1) {
      const accounts = await ensureDemoAccounts(t.database.db, t.config.firebase);
      const rows = await rowsOf<{ email: string; role: string; trusted: boolean; member: string | null; repOf: string | null }>(
        t.database.db,
        sql`select u.email, u.role, u.trusted_at is not null as trusted,
                   (select m.role from company_members m where m.user_id = u.id) as member,
                   (select c.name from company_reps r join companies c on c.id = r.company_id where r.user_id = u.id) as "repOf"
              from users u where u.email like '%@forgeline.test' order by u.email`,
      );
      expect(rows).toEqual([
        { email: accounts.admin.email, role: 'admin', trusted: false, member: null, repOf: null },
        { email: accounts.trade.email, role: 'customer', trusted: true, member: 'company_admin', repOf: null },
        { email: accounts.customer.email, role: 'customer', trusted: true, member: 'company_admin', repOf: null },
        { email: accounts.euro.email, role: 'customer', trusted: true, member: 'company_admin', repOf: null },
        { email: accounts.rep.email, role: 'rep', trusted: true, member: null, repOf: 'Dana Dealer' },
      ]);
      const [euro] = await rowsOf<{ name: string; terms: string; list: string; currency: string; lists: number }>(
        t.database.db,
        sql`select c.name, c.payment_terms as terms, p.name as list, p.currency, (select count(*)::int from price_lists) as lists
              from companies c join price_lists p on p.id = c.price_list_id join company_members m on m.company_id = c.id join users u on u.id = m.user_id
             where u.email = ${accounts.euro.email}`,
      );
      expect(euro).toEqual({ name: 'Rheinwerk Werkzeughandel GmbH', terms: 'net30', list: 'Euro dealers', currency: 'EUR', lists: 1 });
      const [trade] = await rowsOf<{ name: string; terms: string; limit: string | number; po: boolean }>(
        t.database.db,
        sql`select c.name, c.payment_terms as terms, c.credit_limit as limit, c.po_required as po
              from companies c join company_members m on m.company_id = c.id join users u on u.id = m.user_id where u.email = ${accounts.trade.email}`,
      );
      expect({ ...trade, limit: Number(trade?.limit) }).toEqual({ name: 'Harbour Trade Supplies', terms: 'net30', limit: 2_500_000, po: true });
    }
  });

  it('leaves the trade company’s terms as an admin set them', async () => {
    const accounts = await ensureDemoAccounts(t.database.db, t.config.firebase);
    await t.database.db.execute(
      sql`update companies set payment_terms = 'net60', credit_limit = 10 where id = (select m.company_id from company_members m join users u on u.id = m.user_id where u.email = ${accounts.trade.email})`,
    );
    await ensureDemoAccounts(t.database.db, t.config.firebase);
    const [trade] = await rowsOf<{ terms: string }>(
      t.database.db,
      sql`select c.payment_terms as terms from companies c join company_members m on m.company_id = c.id join users u on u.id = m.user_id where u.email = ${accounts.trade.email}`,
    );
    expect(trade?.terms).toBe('net60');
  });
});

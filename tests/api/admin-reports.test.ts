// Admin reports: sales at a glance against hand-computed sums, and the orders export as CSV.

import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { SalesSummary } from '../../src/contract/reports';
import { payOrder, placeOrder } from '../helpers/orders';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

describeEachDatabase('admin reports', (kind) => {
  const {
    t,
    users: { admin, dealer },
  } = useTestApp(kind, { users: { admin: { admin: true }, dealer: { displayName: '=Formula Dealer' } } });

  const DAY = 86_400_000;

  it('sums revenue today, this week and this month, per day, and the top tools, from paid orders only', async () => {
    const drill = await t.createProduct({ name: 'Report Drill', price: 100, available: 1000, minOrder: 1 });
    const saw = await t.createProduct({ name: 'Report Saw', price: 30, available: 1000, minOrder: 1 });
    const paidToday = await placeOrder(t, dealer, { productId: drill, orderQuantity: 3 });
    const paidTwoDaysAgo = await placeOrder(t, dealer, { productId: saw, orderQuantity: 10 });
    const paidTwentyDaysAgo = await placeOrder(t, dealer, { productId: drill, orderQuantity: 1 });
    const paidFortyDaysAgo = await placeOrder(t, dealer, { productId: saw, orderQuantity: 2 });
    await placeOrder(t, dealer, { productId: drill, orderQuantity: 50 }); // unpaid: never revenue
    for (const id of [paidToday, paidTwoDaysAgo, paidTwentyDaysAgo, paidFortyDaysAgo]) await payOrder(t, dealer, id);
    const now = Date.now();
    const setPaid = (id: string, ago: number) =>
      t.database.db.execute(sql`update orders set paid_at = ${new Date(now - ago).toISOString()}::timestamptz where id = ${id}`);
    await setPaid(paidTwoDaysAgo, 2 * DAY);
    await setPaid(paidTwentyDaysAgo, 20 * DAY);
    await setPaid(paidFortyDaysAgo, 40 * DAY);
    await t.app.inject({ method: 'PATCH', url: `/api/orders/${paidTwentyDaysAgo}`, headers: admin.auth, payload: {} });

    const res = await t.app.inject({ url: '/api/admin/sales', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const sales = res.json() as SalesSummary;
    // By hand: today 3 x 100 = 300; week adds 10 x 30 = 300; month adds 1 x 100 = 100; 40 days ago is out.
    expect(sales.revenue).toEqual({ today: 300, week: 600, month: 700 });
    // Three paid orders, one of them shipped since: two wait to be shipped.
    expect(sales.toShip).toBe(3);
    expect(sales.daily).toHaveLength(30);
    expect(sales.daily.reduce((n, d) => n + d.revenue, 0)).toBe(700);
    expect(sales.daily.at(-1)).toMatchObject({ revenue: 300, orders: 1, date: new Date(now).toISOString().slice(0, 10) });
    expect(sales.topTools).toEqual([
      { productId: saw, name: 'Report Saw', units: 10, revenue: 300 },
      { productId: drill, name: 'Report Drill', units: 4, revenue: 400 },
    ]);
    expect((await t.app.inject({ url: '/api/admin/sales', headers: dealer.auth })).statusCode).toBe(403);
  });

  it('exports the filtered orders as CSV with a BOM, quoting and formulas neutralised', async () => {
    const tool = await t.createProduct({ name: 'Export, "Quoted" Planer', price: 12, available: 100, minOrder: 1 });
    const id = await placeOrder(t, dealer, { productId: tool, orderQuantity: 4, userAddress: 'Unit 4;-1 Dock Road;Leeds' });
    const res = await t.app.inject({ url: '/api/orders/export?q=Quoted', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="forgeline-orders-\d{4}-\d{2}-\d{2}\.csv"$/u);
    expect(res.body.startsWith('\uFEFFOrder,Placed (UTC),Customer,E-mail,')).toBe(true);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(id);
    expect(lines[1]).toContain(`'=Formula Dealer`);
    expect(lines[1]).toContain('"Export, ""Quoted"" Planer x 4"');
    expect(lines[1]).toContain(',4,48,Unpaid,');
    // One cell where `;` separates cells too, and no cell there starting as a formula.
    expect(lines[1]).toContain(`,"Unit 4;'-1 Dock Road;Leeds",`);
    expect((await t.app.inject({ url: '/api/orders/export?status=Shipped&q=Quoted', headers: admin.auth })).body.trimEnd().split('\r\n')).toHaveLength(1);
    expect((await t.app.inject({ url: '/api/orders/export', headers: dealer.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/orders/export?status=Lost', headers: admin.auth })).statusCode).toBe(400);
  });

  it('counts sales net of tax, and exports a taxed order’s net and tax beside its gross total', async () => {
    const today = async () => ((await t.app.inject({ url: '/api/admin/sales', headers: admin.auth })).json() as SalesSummary).revenue.today;
    const before = await today();
    const tool = await t.createProduct({ name: 'Taxed Export Jigsaw', price: 100, available: 100, minOrder: 1 });
    const id = await placeOrder(t, dealer, { productId: tool, orderQuantity: 2 });
    await payOrder(t, dealer, id);
    // As an order shipped to a place with 19 % VAT is saved: $200 net, $38 of tax in the $238 gross.
    await t.database.db.execute(sql`update orders set total_minor = 23800, tax_minor = 3800, tax_rate_micros = 190000, tax_name = 'VAT' where id = ${id}`);
    // The tax is owed to the tax office, not sold: revenue counts the net.
    expect((await today()) - before).toBe(200);

    const res = await t.app.inject({ url: '/api/orders/export?q=Taxed Export', headers: admin.auth });
    const [header, row] = res.body
      .replace(/^\uFEFF/u, '')
      .trimEnd()
      .split('\r\n');
    expect(header?.endsWith(',Total,Currency,Net,Tax,Deposit,Deposit paid (UTC)')).toBe(true);
    // Total (USD) and Total are the gross; Net and Tax add up to it.
    expect(row).toContain(',2,238,Paid,');
    expect(row?.endsWith(',238,USD,200,38,0,')).toBe(true);
  });
});

// Tax rates for admins (docs/decisions/046-tax-per-ship-to-location.md): adding, listing, changing and
// deleting the rate of a country or one of its regions, the refusals in the admin's words, the audit log's
// entries; a company's reverse-charge exemption set with its terms; and the tax an order then carries: the
// region's rate before its country's, the company's country's for a typed address, none under the reverse charge.

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { accountMessages, type AccountStanding } from '../../src/contract/account-terms';
import type { AdminCompanyDetail } from '../../src/contract/company-admin';
import { companyMessages, type Location } from '../../src/contract/dealer-company';
import type { Order } from '../../src/contract/order';
import { MAX_TAX_RATES, taxMessages, TAX_NAME_MAX_LENGTH, type TaxRate } from '../../src/contract/tax';
import type { TestUser } from '../helpers/test-app';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

type ErrorBody = { error: { code: string; message: string; details?: unknown } };

describeEachDatabase('tax rates', (kind) => {
  const {
    t,
    users: { admin, dana },
  } = useTestApp(kind, { users: { admin: { admin: true }, dana: { verified: true, displayName: 'Dana Dealer' } } });
  let productId = '';
  let danaCompany = '';

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, as: TestUser = admin) =>
    t.app.inject({ method, url: `/api${url}`, headers: as.auth, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

  const addRate = async (body: Record<string, unknown>) => {
    const res = await call('POST', '/tax-rates', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as TaxRate;
  };
  const audit = (subject: string, action: string) =>
    rowsOf<{ before: unknown; after: unknown; actor_email: string }>(
      t.database.db,
      sql`select before, after, actor_email from audit_log where subject_id = ${subject} and action = ${action} order by id`,
    );
  const refusal = (body: string) => (JSON.parse(body) as ErrorBody).error;

  beforeAll(async () => {
    productId = await t.createProduct({ name: 'Taxed Bench Grinder', sku: 'TAX-GRIND-1', price: 500, available: 1000, minOrder: 1 });
    danaCompany =
      (await rowsOf<{ id: string }>(t.database.db, sql`select company_id as id from company_members where user_id = ${dana.id}::uuid`))[0]?.id ?? '';
  });

  describe('who may call', () => {
    it('refuses a dealer (403) and anyone not signed in (401), and adds nothing for them', async () => {
      expect((await call('GET', '/tax-rates', undefined, dana)).statusCode).toBe(403);
      expect((await call('POST', '/tax-rates', { country: 'NO', name: 'MVA', rate: '25' }, dana)).statusCode).toBe(403);
      expect((await call('DELETE', `/tax-rates/${randomUUID()}`, undefined, dana)).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/tax-rates' })).statusCode).toBe(401);
      expect(await rowsOf(t.database.db, sql`select 1 from tax_rates where country = 'NO'`)).toHaveLength(0);
    });
  });

  describe('keeping the rates', () => {
    it('adds a country’s rate, trimmed, in millionths, audited; lists it, not cached', async () => {
      const vat = await addRate({ country: 'FR', name: '  TVA ', rate: '20' });
      expect(vat).toMatchObject({ country: 'FR', region: '', name: 'TVA', rateMicros: 200_000 });
      const [entry] = await audit(vat.id, 'tax_rate.created');
      expect(entry).toMatchObject({ actor_email: admin.email, after: { country: 'FR', region: '', name: 'TVA', taxRateMicros: 200_000 } });

      const res = await call('GET', '/tax-rates');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect((res.json() as { items: TaxRate[] }).items).toContainEqual(vat);
    });

    it('adds a region’s rate beside its country’s, the code in capitals, the country’s listed first', async () => {
      const country = await addRate({ country: 'CA', region: '', name: 'GST', rate: '5' });
      const region = await addRate({ country: 'CA', region: ' qc ', name: 'GST QST', rate: '14,975' });
      expect(region).toMatchObject({ country: 'CA', region: 'QC', rateMicros: 149_750 });
      const items = ((await call('GET', '/tax-rates')).json() as { items: TaxRate[] }).items.filter((rate) => rate.country === 'CA');
      expect(items.map((rate) => rate.id)).toEqual([country.id, region.id]);
    });

    it('changes a rate, audited with the rate before and after; the same again changes nothing', async () => {
      const rate = await addRate({ country: 'BE', name: 'BTW', rate: '21' });
      const res = await call('PUT', `/tax-rates/${rate.id}`, { country: 'BE', region: '', name: 'BTW TVA', rate: '6.5' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: rate.id, name: 'BTW TVA', rateMicros: 65_000 });
      expect((await call('PUT', `/tax-rates/${rate.id}`, { country: 'BE', name: 'BTW TVA', rate: '6.500' })).statusCode).toBe(200);
      const entries = await audit(rate.id, 'tax_rate.changed');
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ before: { name: 'BTW', taxRateMicros: 210_000 }, after: { name: 'BTW TVA', taxRateMicros: 65_000 } });
    });

    it('deletes a rate, audited; a rate that is gone, or an id that is none, is not found', async () => {
      const rate = await addRate({ country: 'LU', name: 'TVA', rate: '17' });
      const res = await call('DELETE', `/tax-rates/${rate.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ deletedCount: 1 });
      expect(await audit(rate.id, 'tax_rate.deleted')).toHaveLength(1);
      const notFound = { error: { code: 'not_found', message: 'That tax rate was not found.' } };
      for (const [method, url] of [
        ['DELETE', `/tax-rates/${rate.id}`],
        ['PUT', `/tax-rates/${rate.id}`],
        ['DELETE', '/tax-rates/not-an-id'],
        ['PUT', '/tax-rates/not-an-id'],
      ] as const) {
        const again = await call(method, url, method === 'PUT' ? { country: 'LU', name: 'TVA', rate: '16' } : undefined);
        expect(again.statusCode, `${method} ${url}`).toBe(404);
        expect(again.json()).toEqual(notFound);
      }
    });

    it('refuses a rate the admin got wrong, in the admin’s words and by field', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ country: 'AT', name: 'USt', rate: '101' }, 'rate', taxMessages.rateInvalid],
        [{ country: 'AT', name: 'USt', rate: '19.12345' }, 'rate', taxMessages.rateInvalid],
        [{ country: 'AT', name: 'USt', rate: '-5' }, 'rate', taxMessages.rateInvalid],
        [{ country: 'AT', name: 'USt', rate: 20 }, 'rate', taxMessages.rateInvalid],
        [{ country: 'AT', name: '   ', rate: '20' }, 'name', taxMessages.nameRequired],
        [{ country: 'AT', name: 'V'.repeat(TAX_NAME_MAX_LENGTH + 1), rate: '20' }, 'name', taxMessages.nameTooLong],
        [{ country: 'XX', name: 'USt', rate: '20' }, 'country', companyMessages.countryRequired],
        [{ country: 'AT', region: 'TIROL', name: 'USt', rate: '20' }, 'region', companyMessages.regionCharacters],
      ];
      for (const [body, field, message] of cases) {
        const res = await call('POST', '/tax-rates', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        const answer = res.json() as ErrorBody;
        expect(answer.error.message).toContain(message);
        expect(JSON.stringify(answer)).toContain(`"field":"${field}"`);
      }
      const unknown = await call('POST', '/tax-rates', { country: 'AT', name: 'USt', rate: '20', rateMicros: 200_000 });
      expect(unknown.statusCode).toBe(400);
      expect(refusal(unknown.body).message).toContain('Unknown field "rateMicros"');
      expect(await rowsOf(t.database.db, sql`select 1 from tax_rates where country = 'AT'`)).toHaveLength(0);
    });

    it('refuses a second rate for the same place, made or changed into it (409)', async () => {
      await addRate({ country: 'IT', name: 'IVA', rate: '22' });
      const sicily = await addRate({ country: 'IT', region: '82', name: 'IVA', rate: '22' });
      const again = await call('POST', '/tax-rates', { country: 'IT', region: '', name: 'IVA', rate: '10' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: { code: 'conflict', message: taxMessages.duplicate } });
      const moved = await call('PUT', `/tax-rates/${sicily.id}`, { country: 'IT', region: '', name: 'IVA', rate: '22' });
      expect(moved.statusCode).toBe(409);
      expect(refusal(moved.body).message).toBe(taxMessages.duplicate);
    });

    it(`keeps at most ${MAX_TAX_RATES} rates`, async () => {
      const [counted] = await rowsOf<{ n: number | string }>(t.database.db, sql`select count(*) as n from tax_rates`);
      const room = MAX_TAX_RATES - Number(counted?.n ?? 0);
      await t.database.db.execute(
        sql`insert into tax_rates (country, region, name, rate_micros) select 'ZZ', to_char(n, 'FM000'), 'VAT', 100000 from generate_series(1, ${room}) as n`,
      );
      const res = await call('POST', '/tax-rates', { country: 'PT', name: 'IVA', rate: '23' });
      expect(res.statusCode).toBe(409);
      expect(refusal(res.body).message).toBe(taxMessages.tooMany);
      await t.database.db.execute(sql`delete from tax_rates where country = 'ZZ'`);
      await addRate({ country: 'PT', name: 'IVA', rate: '23' });
    });
  });

  describe('the tax of an order', () => {
    let munich = '';
    let losAngeles = '';
    let reno = '';

    const addLocation = async (name: string, country: string, region: string) => {
      const res = await call(
        'POST',
        '/company/locations',
        { name, address: `1 ${name} Street`, phone: '+49 89 123456', contactName: 'Dana Dealer', country, region },
        dana,
      );
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as Location).id;
    };
    const orderTo = async (extra: Record<string, unknown>) => {
      const res = await call(
        'POST',
        '/orders',
        { lines: [{ productId, quantity: 1 }], userAddress: '1 One-off Street, Berlin', userPhone: '+49 30 123456', clientOrderId: randomUUID(), ...extra },
        dana,
      );
      expect(res.statusCode, res.body).toBe(201);
      const id = (res.json() as { insertedId: string }).insertedId;
      return (await call('GET', `/order/${id}`, undefined, dana)).json() as Order;
    };
    const setTerms = (taxExempt: boolean | undefined) =>
      call('PUT', `/admin/companies/${danaCompany}/terms`, {
        paymentTerms: 'card',
        creditLimit: 0,
        poRequired: false,
        ...(taxExempt === undefined ? {} : { taxExempt }),
      });

    beforeAll(async () => {
      await t.database.db.execute(sql`update companies set country = 'DE', tax_number = null where id = ${danaCompany}::uuid`);
      await addRate({ country: 'DE', name: 'VAT', rate: '19' });
      await addRate({ country: 'US', name: 'Sales tax', rate: '5' });
      await addRate({ country: 'US', region: 'CA', name: 'Sales tax', rate: '8.875' });
      munich = await addLocation('Munich', 'DE', 'BY');
      losAngeles = await addLocation('Los Angeles', 'US', 'CA');
      reno = await addLocation('Reno', 'US', 'NV');
    });

    it('taxes an order to a location at its country’s rate: the total is the gross', async () => {
      // 500.00 net at 19 %: 95.00 tax.
      const order = await orderTo({ locationId: munich });
      expect(order).toMatchObject({ taxMinor: 9_500, taxRateMicros: 190_000, taxName: 'VAT', reverseCharge: false, totalMinor: 59_500, currency: 'USD' });
    });

    it('taxes an order to a region at the region’s rate before the country’s, rounding half up', async () => {
      // 500.00 at 8.875 % is 44.375: 44.38.
      const california = await orderTo({ locationId: losAngeles });
      expect(california).toMatchObject({ taxMinor: 4_438, taxRateMicros: 88_750, taxName: 'Sales tax', totalMinor: 54_438 });
      // A region without a rate of its own: the country's.
      const nevada = await orderTo({ locationId: reno });
      expect(nevada).toMatchObject({ taxMinor: 2_500, taxRateMicros: 50_000, totalMinor: 52_500 });
    });

    it('refuses an order whose gross, not only its net, is more than one payment can take, and writes nothing', async () => {
      // $900,000 net is within the limit of one payment; with 19 % VAT, $1,071,000 is not.
      const press = await t.createProduct({ name: 'Taxed Forging Press', sku: 'TAX-PRESS-1', price: 900_000, available: 5, minOrder: 1 });
      const before = (await call('GET', `/orders/${encodeURIComponent(dana.email)}`, undefined, dana)).json() as Order[];
      const over = await call(
        'POST',
        '/orders',
        { lines: [{ productId: press, quantity: 1 }], locationId: munich, userAddress: 'x', userPhone: '+49 30 123456', clientOrderId: randomUUID() },
        dana,
      );
      expect(over.statusCode, over.body).toBe(400);
      expect(over.json()).toMatchObject({ error: { message: 'This order is larger than one order can be. Please split it into smaller orders.' } });
      const after = (await call('GET', `/orders/${encodeURIComponent(dana.email)}`, undefined, dana)).json() as Order[];
      expect(after).toHaveLength(before.length);
    });

    it('taxes an order to a typed address at the company’s country’s rate', async () => {
      expect(await orderTo({})).toMatchObject({ taxMinor: 9_500, taxRateMicros: 190_000, taxName: 'VAT', totalMinor: 59_500 });
    });

    it('refuses the exemption to a company without a tax number, by field, and leaves it taxed', async () => {
      const res = await setTerms(true);
      expect(res.statusCode).toBe(400);
      expect(refusal(res.body)).toMatchObject({ code: 'invalid_data', message: `taxExempt: ${taxMessages.exemptNeedsTaxNumber}` });
      expect(JSON.stringify(res.json())).toContain('"field":"taxExempt"');
      expect(await rowsOf(t.database.db, sql`select 1 from companies where id = ${danaCompany}::uuid and tax_exempt`)).toHaveLength(0);
      const wrong = await call('PUT', `/admin/companies/${danaCompany}/terms`, { paymentTerms: 'card', creditLimit: 0, poRequired: false, taxExempt: 'yes' });
      expect(refusal(wrong.body).message).toContain(accountMessages.taxExemptChoice);
    });

    it('exempts a company with its tax number, audited with its terms: its orders carry the reverse charge and no tax', async () => {
      expect((await call('PATCH', '/company', { taxNumber: 'DE 123456789' }, dana)).statusCode).toBe(200);
      const res = await setTerms(true);
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as AccountStanding).taxExempt).toBe(true);
      const entries = await audit(danaCompany, 'company.terms_changed');
      expect(entries.at(-1)).toMatchObject({ before: { taxExempt: false }, after: { taxExempt: true, paymentTerms: 'card' } });

      // Terms sent without the exemption leave it as it is.
      expect(((await setTerms(undefined)).json() as AccountStanding).taxExempt).toBe(true);
      const detail = (await call('GET', `/admin/companies/${danaCompany}`)).json() as AdminCompanyDetail;
      expect(detail.account.taxExempt).toBe(true);

      for (const locationId of [munich, losAngeles, undefined]) {
        const order = await orderTo(locationId ? { locationId } : {});
        expect(order).toMatchObject({ taxMinor: 0, reverseCharge: true, totalMinor: 50_000 });
      }
    });

    it('keeps the tax number of an exempt company: the dealer cannot remove it until the shop ends the exemption', async () => {
      const cleared = await call('PATCH', '/company', { taxNumber: '' }, dana);
      expect(cleared.statusCode).toBe(400);
      expect(refusal(cleared.body).message).toBe(`taxNumber: ${accountMessages.exemptKeepsTaxNumber}`);
      expect(await rowsOf(t.database.db, sql`select 1 from companies where id = ${danaCompany}::uuid and tax_number = 'DE 123456789'`)).toHaveLength(1);
      // Another number keeps the exemption.
      expect((await call('PATCH', '/company', { taxNumber: 'DE 987654321' }, dana)).statusCode).toBe(200);

      expect(((await setTerms(false)).json() as AccountStanding).taxExempt).toBe(false);
      expect((await call('PATCH', '/company', { taxNumber: null }, dana)).statusCode).toBe(200);
      expect(await orderTo({ locationId: munich })).toMatchObject({ taxMinor: 9_500, reverseCharge: false, totalMinor: 59_500 });
    });
  });
});

// POST /api/orders judges a quantity with the same rules and words as every screen
// (src/contract/quantity-rules.ts): the real bound (the stock, the tool's maximum or the shop's limit, the
// smallest) and why, a tool with nothing to sell, and a 400 for a quantity that is not a number of pieces.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_QUANTITY } from '../../src/contract/constants';
import { quantityMessages, quantityProblem } from '../../src/contract/quantity-rules';
import { describeEachDatabase } from '../helpers/use-test-app';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app';

const contact = { userAddress: '4 Mill Lane, Sheffield', userPhone: '+44 114 496 0000' };
const bulk = (lines: { productId: string; quantity: unknown }[]) => ({ lines, ...contact, clientOrderId: randomUUID() });
const oneTool = (productId: string, orderQuantity: unknown) => ({ productId, orderQuantity, ...contact, clientOrderId: randomUUID() });

interface ErrorBody {
  error: { code: string; message: string; details?: { lines?: { productId: string; code: string; message: string }[] } };
}

describeEachDatabase('the quantity rules of an order', (kind) => {
  let t: TestApp;
  let dealer: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    dealer = await t.createUser({ displayName: 'Quantity Counter' });
  });
  afterAll(async () => {
    await t.close();
  });

  const post = async (body: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/orders', headers: dealer.auth, payload: body });
    return { status: res.statusCode, body: res.json() as ErrorBody };
  };

  it("refuses above the tool's maximum when it is below the stock, naming the maximum", async () => {
    const id = await t.createProduct({ name: 'Capped Drill', available: 1200, minOrder: 50, maxOrder: 500 });
    const bulkAnswer = await post(bulk([{ productId: id, quantity: 600 }]));
    expect(bulkAnswer.status).toBe(409);
    expect(bulkAnswer.body.error.code).toBe('above_maximum');
    expect(bulkAnswer.body.error.details?.lines).toMatchObject([{ productId: id, code: 'above_maximum', message: 'At most 500 pcs. per order.' }]);
    const oneToolAnswer = await post(oneTool(id, 600));
    expect(oneToolAnswer).toMatchObject({ status: 409, body: { error: { code: 'above_maximum', message: 'At most 500 pcs. per order.' } } });
    expect((await post(oneTool(id, 500))).status).toBe(201);
  });

  it('refuses above the stock when the stock is below the maximum, naming the stock', async () => {
    const id = await t.createProduct({ name: 'Short Drill', available: 300, minOrder: 50, maxOrder: 500 });
    const answer = await post(oneTool(id, 600));
    expect(answer).toMatchObject({ status: 409, body: { error: { code: 'out_of_stock', message: 'Only 300 pcs. are in stock.' } } });
  });

  it('says a tool with nothing to sell is out of stock, whatever the quantity', async () => {
    const gone = await t.createProduct({ name: 'Sold Out Drill', available: 0, minOrder: 5 });
    const few = await t.createProduct({ name: 'Nearly Sold Out Drill', available: 4, minOrder: 5 });
    const answer = await post(
      bulk([
        { productId: gone, quantity: 2 },
        { productId: few, quantity: 5 },
      ]),
    );
    expect(answer.status).toBe(409);
    expect(answer.body.error.details?.lines).toMatchObject([
      { productId: gone, code: 'out_of_stock', message: 'This tool is out of stock right now.' },
      { productId: few, code: 'out_of_stock', message: 'Only 4 pcs. are in stock, fewer than the 5 pcs. this tool is sold in.' },
    ]);
    expect(answer.body.error.message).toBe(
      '2 lines cannot be ordered as they are. Sold Out Drill: This tool is out of stock right now. ' +
        'Nearly Sold Out Drill: Only 4 pcs. are in stock, fewer than the 5 pcs. this tool is sold in.',
    );
  });

  it('answers every refused line with the words the screens show for it', async () => {
    const id = await t.createProduct({ name: 'Packed Drill', available: 600, minOrder: 6, maxOrder: 500, packSize: 6 });
    for (const quantity of [5, 13, 504]) {
      const answer = await post(oneTool(id, quantity));
      const expected = quantityProblem({ minOrderQnt: 6, availableQnt: 600, maxOrderQnt: 500, packSize: 6 }, quantity);
      expect(answer).toMatchObject({ status: 409, body: { error: { code: expected?.code, message: expected?.message } } });
    }
  });

  it('answers 400 in the screens’ words for a quantity that is not a number of pieces, or above the shop’s limit', async () => {
    const id = await t.createProduct({ name: 'Plain Drill', available: 100, minOrder: 1 });
    for (const quantity of [0, 2.5, '12']) {
      const answer = await post(bulk([{ productId: id, quantity }]));
      expect(answer).toMatchObject({ status: 400, body: { error: { code: 'invalid_data', message: `lines.0.quantity: ${quantityMessages.noQuantity}` } } });
    }
    const tooMany = await post(oneTool(id, MAX_QUANTITY + 1));
    expect(tooMany).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_data', message: 'orderQuantity: One order takes at most 1,000,000 pcs. of a tool.' } },
    });
  });
});

// The order of a search's tools: the best matches first (a word in the name or SKU before one in the
// description), then the newest; a search matching more tools than are ranked (a first letter, the brand's SKU
// prefix, at trade scale) lists them newest first, as the catalogue is, with the same total.

import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { insertProduct, searchProducts } from '../../server/repositories/products';
import { describeEachDatabase, useTestApp } from '../helpers/use-test-app';

describeEachDatabase('the order of a search', (kind) => {
  const { t } = useTestApp(kind);

  it('ranks named tools first up to the limit, and past it lists every match newest first', async () => {
    const word = `Zr${randomUUID().replaceAll('-', '').slice(0, 8)}`;
    const made = [
      { name: `${word} Angle Grinder`, description: 'For steel and stone.' },
      { name: 'Bench Grinder', description: `Pairs with the ${word} kits.` },
      { name: `${word} Hammer Drill`, description: 'For concrete.' },
      { name: 'Planer', description: `A smooth ${word} finish.` },
    ];
    // Each created later than the one before: newest first is the reverse of this list.
    for (const tool of made) {
      await insertProduct(t.database.db, { ...tool, category: 'Grinders', imageUrl: '/uploads/x.webp', price: 10, available: 5, minOrder: 1 });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const names = async (page: number, pageSize: number, rankedUpTo?: number) => {
      const found = await searchProducts(t.database.db, { words: [word.toLowerCase()], category: undefined, page, pageSize }, rankedUpTo);
      return { names: found.items.map((tool) => tool.name), total: found.total };
    };

    expect(await names(1, 24)).toEqual({ names: [`${word} Hammer Drill`, `${word} Angle Grinder`, 'Planer', 'Bench Grinder'], total: 4 });
    expect(await names(1, 24, 4)).toEqual({ names: [`${word} Hammer Drill`, `${word} Angle Grinder`, 'Planer', 'Bench Grinder'], total: 4 });
    expect(await names(1, 24, 3)).toEqual({ names: ['Planer', `${word} Hammer Drill`, 'Bench Grinder', `${word} Angle Grinder`], total: 4 });
    // Pages of the newest-first order hold every match once.
    expect([...(await names(1, 2, 3)).names, ...(await names(2, 2, 3)).names]).toEqual((await names(1, 24, 3)).names);
    // A page past the last: no tools, the total still said.
    expect(await names(3, 2)).toEqual({ names: [], total: 4 });
  });
});

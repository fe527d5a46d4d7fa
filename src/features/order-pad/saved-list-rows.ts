// A saved list turned into the rows of the pad's list report (import-list.ts), so using a list is judged as a
// pasted list is: each tool found by its id in today's catalogue (a tool deleted since is named and left out),
// and its quantity checked against today's rules with what the pad holds already (docs/decisions/054).

import type { SavedList } from '../../contract/saved-list';
import type { ListRow } from './import-list';

export function savedListRows(list: Pick<SavedList, 'lines'>): ListRow[] {
  return list.lines.map((line, index) => ({
    line: index + 1,
    sku: line.sku,
    quantityText: String(line.quantity),
    productId: line.productId,
    name: line.productName,
  }));
}

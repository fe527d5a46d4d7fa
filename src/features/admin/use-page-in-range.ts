// Deleting the last row of the last page of an admin list leaves that page empty: step back to one that has rows.

import { useEffect } from 'react';
import { pageCount } from '../../ui/data-table';

export function usePageInRange(total: number | undefined, pageSize: number, page: number, setPage: (page: number) => void): void {
  useEffect(() => {
    if (total === undefined) return;
    const last = pageCount(total, pageSize);
    if (page > last) setPage(last);
  }, [total, pageSize, page, setPage]);
}

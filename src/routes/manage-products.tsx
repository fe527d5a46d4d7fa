// Manage Products (the spec): the admin's table over the catalogue, a page at a time.

import { useState } from 'react';
import { ProductsTable } from '../features/admin/products-table';
import { startsOver, type SearchValue } from '../features/admin/search-box';
import { usePageInRange } from '../features/admin/use-page-in-range';
import { useCategories } from '../features/catalogue/get-categories';
import { useProductPage } from '../features/catalogue/get-product-page';
import { MANAGE_PRODUCTS_PAGE_SIZE } from '../contract/product';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';

export default function ManageProductsPage() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState<SearchValue>({ searchText: '', q: '' });
  const products = useProductPage({ page, q: search.q });
  const categories = useCategories();
  // Deleting the last tool of the last page steps back a page.
  usePageInRange(products.data?.total, MANAGE_PRODUCTS_PAGE_SIZE, page, setPage);
  const changeSearch = (next: SearchValue) => {
    if (startsOver(search, next)) setPage(1);
    setSearch(next);
  };
  return (
    <DashboardScreen path="/dashboard/manage-products">
      <ProductsTable
        products={products}
        categories={categories.data?.map((category) => category.name) ?? []}
        search={search}
        onSearch={changeSearch}
        onPageChange={setPage}
      />
    </DashboardScreen>
  );
}

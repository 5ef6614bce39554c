/** The table view's column names, in order (each also labels its cell on a phone). No imports: the journeys read it too. */
export const PRODUCT_TABLE_COLUMNS = [
  'Product',
  'Category & Brand',
  'Rating',
  'Price',
  'Available',
  'Min Order',
  'Actions',
] as const;

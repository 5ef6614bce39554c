import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

const today = () => new Date().toISOString().slice(0, 10);

/** GET /api/my-products/export.csv with the session token, saved as a file. */
export async function downloadCatalogCsv(): Promise<void> {
  const { data } = await apiRequest('/my-products/export.csv', z.string());
  saveFile(data, `products-${today()}.csv`, 'text/csv;charset=utf-8');
}

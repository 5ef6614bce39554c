import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** GET /api/my-products/import-template.csv: the columns and two example rows, saved as a file. */
export async function downloadImportTemplate(): Promise<void> {
  const { data } = await apiRequest('/my-products/import-template.csv', z.string());
  saveFile(data, 'products-template.csv', 'text/csv;charset=utf-8');
}

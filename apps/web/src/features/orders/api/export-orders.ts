import type { OrderStatus } from '@bulkwise/contracts';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/**
 * GET /api/orders/export.csv with the session token (a plain link could not send it), saved as a file.
 * The api-client hands non-JSON bodies back as text.
 */
export async function downloadOrdersCsv(status: OrderStatus | 'all'): Promise<void> {
  const query = status === 'all' ? '' : `?status=${status}`;
  const { data } = await apiRequest(`/orders/export.csv${query}`, z.string());
  saveFile(data, `orders-${status}-${new Date().toISOString().slice(0, 10)}.csv`, 'text/csv;charset=utf-8');
}

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_LOAD_FAILED } from '@/features/insights/components/insights-dashboard';
import { signedInUser } from '@/test/fake-auth';
import { apiError, json, mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const period = (
  from: string,
  to: string,
  figures: Partial<Record<string, number | null>> = {},
  byStatus = { placed: 0, confirmed: 0, shipped: 0, delivered: 0, cancelled: 0 },
) => ({
  from,
  to,
  revenue: 0,
  orders: 0,
  units: 0,
  averageOrderValue: 0,
  buyers: 0,
  cancelledByBuyer: 0,
  cancelledBySupplier: 0,
  medianHoursToShip: null,
  shippedWithin2Days: null,
  byStatus,
  ...figures,
});

const sales = {
  'GET /api/insights/summary': () =>
    json({
      ...period(
        '2026-10-28',
        '2026-11-26',
        {
          revenue: 1500,
          orders: 12,
          units: 300,
          averageOrderValue: 125,
          buyers: 4,
          cancelledByBuyer: 1,
          cancelledBySupplier: 2,
          medianHoursToShip: 20,
          shippedWithin2Days: 0.75,
        },
        { placed: 3, confirmed: 2, shipped: 4, delivered: 3, cancelled: 3 },
      ),
      previous: period('2026-09-28', '2026-10-27', { revenue: 1000, orders: 10 }),
    }),
  'GET /api/insights/timeseries': () =>
    json([
      { start: '2026-11-25', revenue: 0, orders: 0, units: 0 },
      { start: '2026-11-26', revenue: 1500, orders: 12, units: 300 },
    ]),
  'GET /api/insights/top-products': () =>
    json([{ productId: 'p1', name: 'Copper wire', revenue: 1500, orders: 12, units: 300 }]),
  'GET /api/insights/categories': () =>
    json([
      {
        category: 'Industrial Machinery & Tools',
        categorySlug: 'industrial_machinery_tools',
        revenue: 1500,
        orders: 12,
        units: 300,
      },
    ]),
  'GET /api/insights/receivables': () =>
    json({
      invoices: 3,
      outstanding: 450,
      overdue: 120,
      openInvoices: 2,
      overdueInvoices: 1,
      aging: { current: 330, days31to60: 120, days61to90: 0, over90: 0 },
    }),
  'GET /api/insights/buyers': () =>
    json([{ name: 'Bea Buyer', email: 'bea@example.com', revenue: 1500, orders: 12, units: 300 }]),
  'GET /api/insights/inventory': () =>
    json([
      {
        productId: 'p2',
        name: 'Steel bolts',
        sku: null,
        stock: 5,
        minimumOrder: 10,
        lowStockThreshold: 10,
        cannotBeBought: true,
        unitsPerDay: 2,
        daysOfCover: 2.5,
      },
    ]),
};

describe('Dashboard page', () => {
  it('shows the figures with their change, a chart’s table, and the products running out with their update link', async () => {
    const { apiCalls } = mockApi(sales);
    const user = userEvent.setup();
    renderApp('/dashboard', { user: signedInUser });
    const revenue = (await screen.findByText('Revenue', { selector: 'dt' })).parentElement!;
    expect(document.title).toBe('Dashboard | Bulkwise');
    expect(revenue).toHaveTextContent('$1,500.00');
    expect(revenue).toHaveTextContent('+50% vs previous period');
    expect(screen.getByText('Cancellation rate', { selector: 'dt' }).parentElement).toHaveTextContent(
      '1 by buyers, 2 by you',
    );
    const owed = within(await screen.findByRole('region', { name: 'Receivables' }));
    expect(owed.getByText('Outstanding').parentElement).toHaveTextContent('$450.00');
    expect(owed.getByText('Overdue').parentElement).toHaveTextContent('1 past its due date');
    expect(owed.getByRole('row', { name: /31–60 days/ })).toHaveTextContent('$120.00');
    await user.click(screen.getByText('Orders by status: table'));
    const statuses = within(screen.getByRole('table', { name: 'Orders by status' }));
    expect(
      statuses
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['Placed3', 'Confirmed2', 'Shipped4', 'Delivered3', 'Cancelled3']);
    await user.click(screen.getByText('Top buyers: table'));
    const table = within(screen.getByRole('table', { name: 'Top buyers' }));
    expect(table.getByRole('row', { name: /Bea Buyer/ })).toHaveTextContent('$1,500.00');
    const running = within(screen.getByRole('table', { name: 'Products running out' }));
    expect(running.getByRole('link', { name: 'Steel bolts' })).toHaveAttribute('href', '/update-product/p2');
    // Desktop bar and mobile menu both carry the navigation's count.
    expect(screen.getAllByTestId('low-stock-badge')[0]).toHaveTextContent('1 product running out');

    const summaryCalls = () => apiCalls().filter((c) => c.url.pathname === '/api/insights/summary');
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(summaryCalls().length).toBeGreaterThan(1));
    const last = summaryCalls().at(-1)!.url.searchParams;
    const days = (Date.parse(last.get('to')!) - Date.parse(last.get('from')!)) / 86_400_000 + 1;
    expect(days).toBe(7);
  });

  it('welcomes a supplier without sales with an empty state', async () => {
    mockApi({
      ...sales,
      'GET /api/insights/summary': () =>
        json({ ...period('2026-10-28', '2026-11-26'), previous: period('2026-09-28', '2026-10-27') }),
      'GET /api/insights/inventory': () => json([]),
    });
    renderApp('/dashboard', { user: signedInUser });
    expect(await screen.findByRole('heading', { name: 'No sales in this period yet' })).toBeInTheDocument();
    expect(screen.getByText('Every product is at or above its low-stock threshold.')).toBeInTheDocument();
  });

  it('offers Try Again when the figures cannot be loaded', async () => {
    mockApi({ ...sales, 'GET /api/insights/summary': () => apiError(503, 'UNAVAILABLE', 'Down') });
    renderApp('/dashboard', { user: signedInUser });
    expect(await screen.findByText(DASHBOARD_LOAD_FAILED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Try Again/ })).toBeInTheDocument();
  });
});

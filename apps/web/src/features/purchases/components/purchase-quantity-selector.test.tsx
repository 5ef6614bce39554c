import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PurchaseQuantitySelector } from './purchase-quantity-selector';

function Harness({
  min = 20,
  max = 100,
  price = 2.5,
  priceTiers = [] as Array<{ minQuantity: number; price: number }>,
  initial = 20,
  onChange = vi.fn(),
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <PurchaseQuantitySelector
        value={value}
        min={min}
        max={max}
        pricing={{ price, priceTiers }}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
      <p data-testid="committed">{value}</p>
      <button type="button" onClick={() => setValue(min)}>
        Reset
      </button>
    </>
  );
}

const input = () => screen.getByRole('textbox', { name: 'Quantity' });
const minus = () => screen.getByRole('button', { name: 'Decrease quantity' });
const plus = () => screen.getByRole('button', { name: 'Increase quantity' });
const total = () => screen.getByTestId('purchase-total');

describe('PurchaseQuantitySelector', () => {
  it('starts at the minimum with minus disabled and shows the total', () => {
    render(<Harness />);
    expect(input()).toHaveValue('20');
    expect(minus()).toBeDisabled();
    expect(plus()).toBeEnabled();
    expect(total()).toHaveTextContent('$50.00');
  });

  it('steps with plus and minus and disables plus at the stock', async () => {
    const user = userEvent.setup();
    render(<Harness min={20} max={22} />);
    await user.click(plus());
    expect(input()).toHaveValue('21');
    expect(minus()).toBeEnabled();
    await user.click(plus());
    expect(input()).toHaveValue('22');
    expect(plus()).toBeDisabled();
    expect(total()).toHaveTextContent('$55.00');
    await user.click(minus());
    expect(input()).toHaveValue('21');
  });

  it('clamps a typed value above the stock when the input is left', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.clear(input());
    await user.type(input(), '5000');
    await user.tab();
    expect(input()).toHaveValue('100');
    expect(screen.getByTestId('committed')).toHaveTextContent('100');
    expect(plus()).toBeDisabled();
  });

  it('shows the minimum note while typing under the minimum, then clamps up', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.clear(input());
    await user.type(input(), '5');
    expect(screen.getByText('Minimum order quantity is 20 units')).toBeInTheDocument();
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    await user.keyboard('{Enter}');
    expect(input()).toHaveValue('20');
    expect(screen.queryByText('Minimum order quantity is 20 units')).not.toBeInTheDocument();
  });

  it('turns non-numeric input into the minimum', async () => {
    const user = userEvent.setup();
    render(<Harness initial={50} />);
    await user.clear(input());
    await user.type(input(), 'lots');
    expect(screen.queryByText(/Minimum order quantity/)).not.toBeInTheDocument();
    await user.tab();
    expect(input()).toHaveValue('20');
    expect(screen.getByTestId('committed')).toHaveTextContent('20');
  });

  it('totals quantity × price with $ and two decimals as the value is typed', async () => {
    const user = userEvent.setup();
    render(<Harness price={19.99} />);
    await user.clear(input());
    await user.type(input(), '33');
    expect(total()).toHaveTextContent('$659.67');
  });

  it('prices the typed quantity at its break and tells how many more reach the next', async () => {
    const user = userEvent.setup();
    render(
      <Harness
        price={5}
        priceTiers={[
          { minQuantity: 50, price: 4.5 },
          { minQuantity: 90, price: 4.1 },
        ]}
      />,
    );
    expect(screen.getByTestId('next-break-hint')).toHaveTextContent('Buy 30 more to pay $4.50 per unit');
    await user.clear(input());
    await user.type(input(), '49');
    expect(screen.getByTestId('purchase-unit-price')).toHaveTextContent('$5.00');
    expect(total()).toHaveTextContent('$245.00');
    await user.clear(input());
    await user.type(input(), '50');
    expect(screen.getByTestId('purchase-unit-price')).toHaveTextContent('$4.50');
    expect(total()).toHaveTextContent('$225.00');
    expect(screen.getByTestId('next-break-hint')).toHaveTextContent('Buy 40 more to pay $4.10 per unit');
    await user.clear(input());
    await user.type(input(), '95');
    expect(screen.queryByTestId('next-break-hint')).not.toBeInTheDocument();
  });

  it('follows a reset from the parent', async () => {
    const user = userEvent.setup();
    render(<Harness initial={60} />);
    expect(input()).toHaveValue('60');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(input()).toHaveValue('20');
  });
});

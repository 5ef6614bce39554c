import { Filter, LayoutGrid, Table2 } from 'lucide-react';
import { useId } from 'react';
import { SORT_OPTIONS, type AllProductsState, type ProductSortChoice } from '../all-products-search';

interface ProductsToolbarProps {
  state: AllProductsState;
  onChange: (next: AllProductsState) => void;
}

export function ProductsToolbar({ state, onChange }: ProductsToolbarProps) {
  const sortId = useId();
  const viewButton = (view: AllProductsState['view'], label: string, Icon: typeof LayoutGrid) => (
    <button
      type="button"
      className={`btn join-item btn-sm ${state.view === view ? 'btn-primary' : 'btn-ghost border-base-300'}`}
      aria-pressed={state.view === view}
      onClick={() => onChange({ ...state, view })}
    >
      <Icon className="size-4" aria-hidden="true" />
      {label}
    </button>
  );

  return (
    <div className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
      <div className="join" role="group" aria-label="View">
        {viewButton('card', 'Card View', LayoutGrid)}
        {viewButton('table', 'Table View', Table2)}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <button
          type="button"
          className={`btn btn-sm ${state.availableOnly ? 'btn-secondary' : 'btn-outline'}`}
          onClick={() => onChange({ ...state, availableOnly: !state.availableOnly })}
        >
          <Filter className="size-4" aria-hidden="true" />
          {state.availableOnly ? 'Show All Products' : 'Show Available Products'}
        </button>
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="text-sm font-medium whitespace-nowrap">
            Sort by
          </label>
          <select
            id={sortId}
            className="select select-sm w-full sm:w-48"
            value={state.sort}
            onChange={(event) => onChange({ ...state, sort: event.target.value as ProductSortChoice })}
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}

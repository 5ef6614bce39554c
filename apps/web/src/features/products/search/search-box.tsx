import { SEARCH_TEXT_MAX } from '@bulkwise/contracts';
import { Search } from 'lucide-react';
import { useId } from 'react';
import { SuggestionList } from './suggestion-list';
import { useSearchBox } from './use-search-box';

// Its tests wait for the debounce by this name.
export { SUGGEST_DEBOUNCE_MS } from './use-search-box';

interface SearchBoxProps {
  className?: string;
  /** Called after the box navigated (the mobile menu closes itself). */
  onDone?: () => void;
}

/**
 * The catalog search of the navigation bar: a WAI-ARIA combobox (editable, list autocomplete) whose
 * options are the server's suggestions and a last "See all results" entry. Focus stays in the input;
 * the active option is announced through aria-activedescendant, the number of suggestions through a
 * polite live region. Enter opens the results (or the active option), Escape closes the list, then clears.
 */
export function SearchBox({ className = '', onDone }: SearchBoxProps) {
  const id = useId();
  const listId = `${id}-listbox`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const state = useSearchBox(onDone);
  const { expanded, active } = state;

  return (
    <form
      role="search"
      aria-label="Products"
      className={`relative ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        state.seeAll();
      }}
    >
      <label htmlFor={`${id}-input`} className="sr-only">
        Search products
      </label>
      <div className="input input-sm flex w-full items-center gap-2">
        <Search className="size-4 shrink-0 opacity-60" aria-hidden="true" />
        <input
          id={`${id}-input`}
          type="search"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          placeholder="Search products"
          maxLength={SEARCH_TEXT_MAX}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          className="grow"
          value={state.value}
          onChange={(event) => state.type(event.target.value)}
          onFocus={() => state.setOpen(true)}
          onBlur={state.close}
          onKeyDown={state.onKeyDown}
        />
      </div>
      <SuggestionList listId={listId} optionId={optionId} state={state} />
      <p role="status" className="sr-only">
        {state.announcement}
      </p>
    </form>
  );
}

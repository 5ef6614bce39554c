import { SEARCH_TEXT_MAX, searchWords } from '@bulkwise/contracts';
import { Search } from 'lucide-react';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { parseAllProductsSearch, toAllProductsSearch } from '../all-products-search';
import { useSuggestions } from '../api/get-suggestions';
import { HighlightedText } from './highlighted-text';

/** Suggestions are asked for once typing pauses this long, and from this many characters on. */
export const SUGGEST_DEBOUNCE_MS = 200;
const MIN_CHARS = 2;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

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
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const onAllProducts = location.pathname === paths.allProducts.path;
  const urlQ = onAllProducts ? parseAllProductsSearch(searchParams).q : '';

  const [value, setValue] = useState(urlQ);
  // Back, Forward or a link changed the search in the URL: the box shows it.
  const [shownQ, setShownQ] = useState(urlQ);
  if (shownQ !== urlQ) {
    setShownQ(urlQ);
    setValue(urlQ);
  }
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const text = value.trim();
  const debounced = useDebounced(text, SUGGEST_DEBOUNCE_MS);
  const usable = debounced.length >= MIN_CHARS && searchWords(debounced).length > 0;
  const suggestions = useSuggestions(debounced, usable);
  const items = usable && text ? (suggestions.data ?? []) : [];
  const count = text ? items.length + 1 : 0; // + "See all results"
  const expanded = open && count > 0;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const done = (to: string) => {
    close();
    void navigate(to);
    onDone?.();
  };

  const seeAll = () => {
    if (!text) return;
    // On All Products the view, sort and filter stay; elsewhere the search starts from the defaults.
    const next = onAllProducts
      ? toAllProductsSearch({ ...parseAllProductsSearch(searchParams), q: text }, searchParams)
      : new URLSearchParams({ q: text });
    done(`${paths.allProducts.path}?${next}`);
  };

  const choose = (i: number) => {
    const item = items[i];
    if (item) done(paths.product.getHref(item._id));
    else seeAll();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // While an input method composes (Japanese, Chinese, Korean), Enter commits the candidate and the
    // arrows move through candidates: those keys belong to it, not to the search. Safari reports the
    // committing Enter after compositionend, with keyCode 229 only.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (count === 0) return;
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setOpen(true);
        setActive((current) => (current < 0 && step < 0 ? count - 1 : (current + step + count) % count));
        return;
      }
      case 'Enter':
        event.preventDefault();
        if (expanded && active >= 0) choose(active);
        else seeAll();
        return;
      case 'Escape':
        // A search input clears itself on Escape; the first Escape only closes the list.
        event.preventDefault();
        if (expanded) close();
        else setValue('');
        return;
    }
  };

  const announcement =
    !expanded || !usable || suggestions.isFetching
      ? ''
      : items.length === 0
        ? 'No suggestions. Press Enter to search.'
        : `${items.length} ${items.length === 1 ? 'suggestion' : 'suggestions'}. Use the up and down arrows to choose.`;

  return (
    <form
      role="search"
      aria-label="Products"
      className={`relative ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        seeAll();
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
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={close}
          onKeyDown={onKeyDown}
        />
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
        className="absolute right-0 z-50 mt-1 max-h-[70vh] w-full min-w-72 overflow-y-auto rounded-box border border-base-300 bg-base-100 p-1 shadow-lg"
      >
        {items.map((item, i) => (
          <li
            key={item._id}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={`cursor-pointer rounded-field px-3 py-2 ${i === active ? 'bg-base-200' : 'hover:bg-base-200'}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(i)}
          >
            <span className="block truncate text-sm font-medium">
              <HighlightedText text={item.name} q={debounced} />
            </span>
            <span className="block truncate text-xs text-base-content/70">
              {item.brandName} · {item.category}
            </span>
          </li>
        ))}
        {text && (
          <li
            id={optionId(items.length)}
            role="option"
            aria-selected={active === items.length}
            className={`flex cursor-pointer items-center gap-2 rounded-field px-3 py-2 text-sm font-semibold text-primary dark:text-indigo-300 ${active === items.length ? 'bg-base-200' : 'hover:bg-base-200'}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={seeAll}
          >
            <Search className="size-4" aria-hidden="true" />
            <span className="truncate">See all results for “{text}”</span>
          </li>
        )}
      </ul>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </form>
  );
}

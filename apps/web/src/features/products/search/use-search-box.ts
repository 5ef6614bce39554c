import { searchWords } from '@bulkwise/contracts';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { parseAllProductsSearch, toAllProductsSearch } from '../all-products-search';
import { useSuggestions } from '../api/get-suggestions';
import { onComboboxKey } from './combobox-keys';

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

/** The box's text: on All Products it starts from, and follows, the search in the URL. */
function useSearchText() {
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
  return { value, setValue, onAllProducts, searchParams };
}

/** The server's suggestions for the text once typing pauses, when there is enough of it to search. */
function useSuggestionItems(text: string) {
  const debounced = useDebounced(text, SUGGEST_DEBOUNCE_MS);
  const usable = debounced.length >= MIN_CHARS && searchWords(debounced).length > 0;
  const suggestions = useSuggestions(debounced, usable);
  const items = usable && text ? (suggestions.data ?? []) : [];
  return { debounced, items, settled: usable && !suggestions.isFetching };
}

/**
 * The results page for the text. On All Products (its `current` search) the view, sort and filter
 * stay; elsewhere the search starts from the defaults.
 */
function resultsHref(text: string, current: URLSearchParams | null) {
  const next = current
    ? toAllProductsSearch({ ...parseAllProductsSearch(current), q: text }, current)
    : new URLSearchParams({ q: text });
  return `${paths.allProducts.path}?${next}`;
}

const announce = (expanded: boolean, settled: boolean, found: number) =>
  !expanded || !settled
    ? ''
    : found === 0
      ? 'No suggestions. Press Enter to search.'
      : `${found} ${found === 1 ? 'suggestion' : 'suggestions'}. Use the up and down arrows to choose.`;

/** The box's state: its text, the suggestions, the open list and its active option, and where a choice goes. */
export function useSearchBox(onDone?: () => void) {
  const navigate = useNavigate();
  const { value, setValue, onAllProducts, searchParams } = useSearchText();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const text = value.trim();
  const { debounced, items, settled } = useSuggestionItems(text);
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
    if (text) done(resultsHref(text, onAllProducts ? searchParams : null));
  };
  const choose = (i: number) => {
    const item = items[i];
    if (item) done(paths.product.getHref(item._id));
    else seeAll();
  };
  const move = (step: 1 | -1) => {
    setOpen(true);
    setActive((current) => (current < 0 && step < 0 ? count - 1 : (current + step + count) % count));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) =>
    onComboboxKey(event, { count, expanded, active, move, choose, seeAll, close, clear: () => setValue('') });
  const type = (next: string) => {
    setValue(next);
    setOpen(true);
    setActive(-1);
  };

  return {
    value,
    text,
    debounced,
    items,
    active,
    expanded,
    announcement: announce(expanded, settled, items.length),
    type,
    setOpen,
    close,
    choose,
    seeAll,
    onKeyDown,
  };
}

export type SearchBoxState = ReturnType<typeof useSearchBox>;

import { Search } from 'lucide-react';
import { HighlightedText } from './highlighted-text';
import type { SearchBoxState } from './use-search-box';

/** The listbox: the server's suggestions, then "See all results"; clicks keep the focus in the input. */
export function SuggestionList({
  listId,
  optionId,
  state: { items, active, expanded, text, debounced, choose, seeAll },
}: {
  listId: string;
  optionId: (i: number) => string;
  state: SearchBoxState;
}) {
  return (
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
  );
}

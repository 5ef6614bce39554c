import type { KeyboardEvent } from 'react';

export interface ComboboxKeyActions {
  /** The options, "See all results" included. */
  count: number;
  expanded: boolean;
  active: number;
  /** Opens the list and moves the active option by one, wrapping around. */
  move: (step: 1 | -1) => void;
  choose: (index: number) => void;
  seeAll: () => void;
  close: () => void;
  clear: () => void;
}

/** The arrows move through the options, Enter opens one (or the results), Escape closes then clears. */
export function onComboboxKey(event: KeyboardEvent<HTMLInputElement>, keys: ComboboxKeyActions) {
  // While an input method composes (Japanese, Chinese, Korean), Enter commits the candidate and the
  // arrows move through candidates: those keys belong to it, not to the search. Safari reports the
  // committing Enter after compositionend, with keyCode 229 only.
  if (event.nativeEvent.isComposing || event.keyCode === 229) return;
  switch (event.key) {
    case 'ArrowDown':
    case 'ArrowUp': {
      if (keys.count === 0) return;
      event.preventDefault();
      keys.move(event.key === 'ArrowDown' ? 1 : -1);
      return;
    }
    case 'Enter':
      event.preventDefault();
      if (keys.expanded && keys.active >= 0) keys.choose(keys.active);
      else keys.seeAll();
      return;
    case 'Escape':
      // A search input clears itself on Escape; the first Escape only closes the list.
      event.preventDefault();
      if (keys.expanded) keys.close();
      else keys.clear();
      return;
  }
}

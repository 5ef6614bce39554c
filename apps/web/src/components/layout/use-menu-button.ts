import {
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type KeyboardEvent,
  type RefObject,
  type SetStateAction,
} from 'react';
import { useLocation } from 'react-router';

/** The index an arrow, Home or End key moves the focus to among `count` items, from `at`. */
function menuKeyTarget(key: string, at: number, count: number): number | undefined {
  const moves: Record<string, number> = {
    ArrowDown: at + 1,
    ArrowUp: at - 1 + count,
    Home: 0,
    End: count - 1,
  };
  return key in moves ? moves[key] : undefined;
}

/** Closes an open menu on a pointer press outside both the menu and its button. */
function useCloseOnOutsidePointer(
  open: boolean,
  menuRef: RefObject<HTMLElement | null>,
  buttonRef: RefObject<HTMLElement | null>,
  setOpen: Dispatch<SetStateAction<boolean>>,
) {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, menuRef, buttonRef, setOpen]);
}

/** MenuButton's open state, focus moves and key handlers (the keys are listed on MenuButton). */
export function useMenuButton() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const location = useLocation();

  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const focusItem = (index: number) => {
    const all = items();
    all.at(index % all.length)?.focus();
  };
  const openAt = (index: number) => {
    setOpen(true);
    // The menu renders hidden; focus once it shows.
    requestAnimationFrame(() => focusItem(index));
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  useCloseOnOutsidePointer(open, menuRef, buttonRef, setOpen);
  // A followed link closes the menu.
  useEffect(() => setOpen(false), [location.pathname]);

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(-1);
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const all = items();
    const target = menuKeyTarget(event.key, all.indexOf(document.activeElement as HTMLElement), all.length);
    if (target !== undefined) {
      event.preventDefault();
      focusItem(target);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
  };

  return { open, buttonRef, menuRef, pathname: location.pathname, openAt, close, onButtonKey, onMenuKey };
}

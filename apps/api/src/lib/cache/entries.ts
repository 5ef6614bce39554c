/**
 * Each tag past a product page's two (which cache.ts's ENTRY_OVERHEAD_BYTES holds): its string, its slot in the
 * entry's list and its key in the tag index. Measured with 20,000 entries of 600-character bodies and
 * 44-character tags (heap after full GCs): 2 tags 1,607 bytes an entry, 10 tags 2,846, 50 tags 7,230,
 * so 110-155 bytes a tag; a listing or search page names tens of them (decision 0005).
 */
export const TAG_OVERHEAD_BYTES = 80;
const TAGS_IN_ENTRY_OVERHEAD = 2;

/** The bytes an entry is counted at besides its compressed copies (none but the body's with no overhead). */
export function entryBytes(body: string, tags: readonly string[], entryOverhead: number): number {
  if (entryOverhead === 0) return body.length;
  let size = body.length + entryOverhead;
  for (let i = TAGS_IN_ENTRY_OVERHEAD; i < tags.length; i++) size += TAG_OVERHEAD_BYTES + tags[i]!.length;
  return size;
}

/** What the store needs of an entry: the tags it was read from and the bytes it holds. */
export interface Sized {
  tags: string[];
  size: number;
}

/** Keys by the tags their entries were read from. */
function createTagIndex() {
  // A tag read by one entry (a product page's own tag) holds that key itself, not a Set: with the whole
  // catalog cached that is 100,000 Sets fewer for the garbage collector to walk.
  const byTag = new Map<string, string | Set<string>>();
  return {
    add(tag: string, key: string) {
      const keys = byTag.get(tag);
      if (keys === undefined) byTag.set(tag, key);
      else if (typeof keys === 'object') keys.add(key);
      else if (keys !== key) byTag.set(tag, new Set([keys, key]));
    },
    remove(tag: string, key: string) {
      const keys = byTag.get(tag);
      if (keys === key) byTag.delete(tag);
      else if (typeof keys === 'object') {
        keys.delete(key);
        if (keys.size === 0) byTag.delete(tag);
      }
    },
    keysOf(tag: string): string[] {
      const keys = byTag.get(tag);
      return keys === undefined ? [] : typeof keys === 'string' ? [keys] : [...keys];
    },
    clear: () => byTag.clear(),
  };
}

/**
 * The entries of a response cache, their tags and their bytes, at most `maxBytes`: beyond it the least
 * recently used entries go first.
 */
export function createEntryStore<E extends Sized>(maxBytes: number) {
  // Iteration order is recency: a hit re-inserts its key, so the first keys are the least recently used.
  const entries = new Map<string, E>();
  const tags = createTagIndex();
  let bytes = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.size;
    entries.delete(key);
    for (const tag of entry.tags) tags.remove(tag, key);
  };

  /** Evicts the least recently used entries (never `keep`) until everything fits. */
  const evictFor = (keep: string) => {
    for (const key of entries.keys()) {
      if (bytes <= maxBytes) break;
      if (key !== keep) remove(key);
    }
  };

  return {
    get: (key: string) => entries.get(key),
    remove,
    /** Moves `key` to the back: the most recently used. */
    touch(key: string, entry: E) {
      entries.delete(key);
      entries.set(key, entry);
    },
    add(key: string, entry: E) {
      entries.set(key, entry);
      bytes += entry.size;
      evictFor(key);
      for (const tag of entry.tags) tags.add(tag, key);
    },
    /** Counts `added` more bytes of `key`'s entry, if it is still `entry` (not dropped meanwhile). */
    grow(key: string, entry: E, added: number) {
      if (entries.get(key) !== entry) return;
      entry.size += added;
      bytes += added;
      evictFor(key);
    },
    removeTagged: (tag: string) => {
      for (const key of tags.keysOf(tag)) remove(key);
    },
    clear() {
      entries.clear();
      tags.clear();
      bytes = 0;
    },
    size: () => entries.size,
    bytes: () => bytes,
  };
}

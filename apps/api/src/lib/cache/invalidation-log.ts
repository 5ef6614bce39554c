/** How many invalidations a cache remembers; a read that began before all of them is refused. */
const REMEMBERED_INVALIDATIONS = 1024;

/** The tag that marks entries depending on every row of `tag`'s kind (`product:x` → `product:*`). */
export const wildcardOf = (tag: string) => `${tag.slice(0, tag.indexOf(':') + 1)}*`;

/**
 * A response cache's generation, one more per invalidation, and the tags of its latest invalidations:
 * enough to tell whether a read that began at some generation may be kept. Writes to other rows do not
 * spoil a read: under a steady stream of purchases a page read meanwhile is still kept unless it shows
 * one of the products bought.
 */
export function createInvalidationLog(remembered = REMEMBERED_INVALIDATIONS) {
  let generation = 0;
  /** Oldest first: the generation each invalidation made and the tags it dropped (`*`: everything). */
  const entries: { generation: number; tags: readonly string[] }[] = [];
  return {
    get generation() {
      return generation;
    },
    record(tags: readonly string[]) {
      generation++;
      entries.push({ generation, tags });
      if (entries.length > 2 * remembered) entries.splice(0, remembered);
    },
    /**
     * Whether an invalidation since generation `since` named one of `tags`, its kind's wildcard, or
     * everything: what it would have dropped had the entry been kept. True when `since` is older than
     * what is remembered.
     */
    droppedSince(since: number, tags: readonly string[]): boolean {
      if (since === generation) return false;
      if (entries.length === 0 || entries[0]!.generation > since + 1) return true;
      const own = new Set(tags);
      for (let i = entries.length - 1; i >= 0 && entries[i]!.generation > since; i--)
        for (const tag of entries[i]!.tags)
          if (tag === '*' || own.has(tag) || own.has(wildcardOf(tag))) return true;
      return false;
    },
  };
}
export type InvalidationLog = ReturnType<typeof createInvalidationLog>;

export interface ListTab<T extends string> {
  value: T;
  label: string;
  /** Shown as a badge beside the label once known. */
  count?: number;
}

interface StatusTabsProps<T extends string> {
  /** The tab list's accessible name, e.g. "Orders by status". */
  label: string;
  tabs: ReadonlyArray<ListTab<T>>;
  selected: T;
  onSelect: (tab: T) => void;
}

/** The tab list of a tabbed list: one tab per status, with its count once known. */
export function StatusTabs<T extends string>({ label, tabs, selected, onSelect }: StatusTabsProps<T>) {
  return (
    <div role="tablist" aria-label={label} className="tabs tabs-box flex-wrap">
      {tabs.map((t) => (
        <button
          key={t.value}
          type="button"
          role="tab"
          aria-selected={t.value === selected}
          className={`tab gap-2 text-base-content! ${t.value === selected ? 'tab-active' : ''}`}
          onClick={() => onSelect(t.value)}
        >
          {t.label} {t.count !== undefined && <span className="badge badge-sm">{t.count}</span>}
        </button>
      ))}
    </div>
  );
}

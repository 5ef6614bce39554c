import type { Plugin } from 'vite';
import { chunksOf, type Bundle, type Chunk } from './vite-plugins.ts';

/*
 * Which of the app's modules go into the one `shared` chunk, decided from the module graph.
 *
 * Rolldown's own share count (minShareCount) leaves a module that the app chunk imports in the app
 * chunk, as the pages load after it; a shared module that imports it then makes `shared` and `app`
 * import each other. Chunks in a cycle run in an order that depends on which is asked for first, and
 * module code in one can read the other's bindings before they exist (an undefined icon, "is not a
 * function"). Here a module is shared when two or more lazily loaded modules (the app chunk, the
 * pages, lazy dialogs) reach it through static imports, so whatever a shared module imports is
 * shared as well, and `checkChunkCycles` fails the build if a cycle comes back anyway.
 */

/**
 * What the entry itself runs to paint the startup overlay (it would otherwise import the shared chunk,
 * and the shared chunk imports React from the entry: a cycle that breaks at start). By hand: the entry
 * imports lucide-react's barrel, so the graph names every icon as its import.
 */
const ENTRY =
  /[\\/]src[\\/](main\.tsx|app[\\/](boot|first-route)\.|components[\\/]feedback[\\/](error-state|spinner|startup-overlay)\.|config[\\/](messages|timings|paths|storage-keys)\.|lib[\\/]theme\.|features[\\/]auth[\\/]persisted-user\.)|lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](boxes|rotate-ccw|triangle-exclamation-point)\./;
/** Form code (react-hook-form and the forms built on it), which only private pages and the purchase form need. */
const FORMS =
  /[\\/](components[\\/]form[\\/](controls|field|dialog-fields)\.|features[\\/]auth[\\/]components[\\/])|product-form|price-tiers-editor|image-picker|purchase-dialog/;
const APP_SOURCE = /[\\/]apps[\\/]web[\\/]src[\\/]|node_modules[\\/]lucide-react[\\/]/;
/** The app's own code (and its icons) outside the entry chunk: what goes into `shared` or a page's chunk. */
const lazyAppCode = (id: string) => APP_SOURCE.test(id) && !ENTRY.test(id);

type Graph = Map<string, { imports: readonly string[]; lazy: readonly string[] }>;

/** Modules reached by static imports from `start`. */
function staticClosure(graph: Graph, start: string, into = new Set<string>()): Set<string> {
  const stack = [start];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (into.has(id)) continue;
    into.add(id);
    stack.push(...(graph.get(id)?.imports ?? []));
  }
  return into;
}

/** The shared chunk's modules: reached from two or more lazy modules, and importing only shared or entry code. */
function sharedModules(graph: Graph): Set<string> {
  const lazyStarts = new Set([...graph.values()].flatMap((m) => m.lazy));
  const reach = new Map<string, number>();
  for (const start of lazyStarts)
    for (const id of staticClosure(graph, start)) reach.set(id, (reach.get(id) ?? 0) + 1);
  const shared = new Set(
    [...reach].filter(([id, n]) => n >= 2 && lazyAppCode(id) && !FORMS.test(id)).map(([id]) => id),
  );
  // A shared module that imports app code kept out of it (a form) would import that chunk, which
  // imports the shared one back: such a module stays out too, and then so do its importers.
  for (let changed = true; changed;) {
    changed = false;
    for (const id of shared) {
      const outside = graph.get(id)!.imports.some((dep) => lazyAppCode(dep) && !shared.has(dep));
      if (outside) changed = shared.delete(id);
    }
  }
  return shared;
}

/**
 * The `shared` group's test, and the plugin that reads the module graph it needs (groups are tested
 * while chunks are made, after the graph is complete).
 */
export function sharedChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  let graph: Graph | undefined;
  let shared: Set<string> | undefined;
  const plugin: Plugin = {
    name: 'bulkwise:shared-chunk-graph',
    apply: 'build',
    buildEnd() {
      graph = new Map();
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        graph.set(id, { imports: info?.importedIds ?? [], lazy: info?.dynamicallyImportedIds ?? [] });
      }
      shared = undefined;
    },
  };
  const test = (id: string) => {
    if (!graph) throw new Error('the shared chunk is tested before the module graph is read');
    shared ??= sharedModules(graph);
    return shared.has(id);
  };
  return { plugin, test };
}

/** The first cycle of chunks importing each other, as chunk names with the module imports that close it. */
function chunkCycle(bundle: Bundle, moduleImports: (id: string) => readonly string[]): string | undefined {
  const chunks = chunksOf(bundle);
  const chunkOfModule = new Map(chunks.flatMap((c) => c.moduleIds.map((id) => [id, c.fileName] as const)));
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): string[] | undefined => {
    state.set(file, 'open');
    path.push(file);
    const chunk = bundle[file];
    for (const next of chunk?.type === 'chunk' ? chunk.imports : []) {
      if (state.get(next) === 'open') return [...path.slice(path.indexOf(next)), next];
      const found = state.has(next) ? undefined : visit(next);
      if (found) return found;
    }
    path.pop();
    state.set(file, 'done');
    return undefined;
  };
  const short = (id: string) => id.replace(/^.*?[\\/](src|node_modules)[\\/]/, '$1/');
  for (const chunk of chunks) {
    const cycle = state.has(chunk.fileName) ? undefined : visit(chunk.fileName);
    if (!cycle) continue;
    const why = cycle.slice(1).map((to, i) => {
      const from = bundle[cycle[i]!] as Chunk;
      const edge = from.moduleIds
        .flatMap((id) => moduleImports(id).map((dep) => [id, dep] as const))
        .find(([, dep]) => chunkOfModule.get(dep) === to);
      return edge ? `${short(edge[0])} imports ${short(edge[1])}` : `${from.name} imports ${to}`;
    });
    return `${cycle.map((file) => (bundle[file] as Chunk).name).join(' -> ')} (${why.join('; ')})`;
  }
  return undefined;
}

/** Fails the build when two chunks import each other, directly or through others. */
export function checkChunkCycles(): Plugin {
  return {
    name: 'bulkwise:check-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const cycle = chunkCycle(bundle, (id) => this.getModuleInfo(id)?.importedIds ?? []);
      if (cycle) throw new Error(`chunks import each other: ${cycle}; see apps/web/chunk-layout.ts`);
    },
  };
}

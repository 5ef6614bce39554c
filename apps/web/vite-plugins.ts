import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Boxes } from 'lucide-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin, Rolldown } from 'vite';
import { paths } from './src/config/paths.ts';
import { HERO_SLIDES } from './src/features/home/content.ts';

/*
 * Build plugins that shorten the chain of requests before the first page renders
 * (docs/decisions/0014-page-speed.md). Without them it is: index.html -> entry -> app chunk ->
 * page chunk -> the page's image.
 */

export type Bundle = Rolldown.OutputBundle;
export type Chunk = Rolldown.OutputChunk;

export const chunksOf = (bundle: Bundle) =>
  Object.values(bundle).filter((file): file is Chunk => file.type === 'chunk');

function findChunk(bundle: Bundle, module: string): Chunk {
  const chunk = chunksOf(bundle).find((c) => c.facadeModuleId?.endsWith(module));
  if (!chunk) throw new Error(`${module} is not a chunk of its own: update vite-plugins.ts`);
  return chunk;
}

/** Every file loaded with `files` through static imports. */
function closure(bundle: Bundle, files: string[], into = new Set<string>()): Set<string> {
  for (const file of files) {
    if (into.has(file)) continue;
    into.add(file);
    const chunk = bundle[file];
    closure(bundle, chunk?.type === 'chunk' ? chunk.imports : [], into);
  }
  return into;
}

const APP_MODULE = 'src/app/app.tsx';

/** What index.html loads for every page: the entry and (modulepreload) the app chunk. */
function loadedByHtml(bundle: Bundle): Set<string> {
  const entries = chunksOf(bundle)
    .filter((c) => c.isEntry)
    .map((c) => c.fileName);
  return closure(bundle, [...entries, findChunk(bundle, APP_MODULE).fileName]);
}

/**
 * The entry only paints the startup overlay, then imports the app chunk. Listing the app chunk and
 * its static imports as modulepreload in index.html starts them with the entry instead of after it.
 *
 * Every script index.html names is fetched at low priority. The first paint is the overlay, which
 * is plain HTML with its stylesheet and needs no script, so the scripts do not compete with it.
 * The API's SPA plugin gives the page chunks it preloads the same priority.
 */
export function preloadAppChunk(): Plugin {
  return {
    name: 'bulkwise:preload-app-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle ?? {};
        const entries = chunksOf(bundle)
          .filter((c) => c.isEntry)
          .map((c) => c.fileName);
        const entryFiles = closure(bundle, entries);
        const files = [...closure(bundle, [findChunk(bundle, APP_MODULE).fileName])].filter(
          (file) => !entryFiles.has(file),
        );
        const entryTag = /<script type="module" crossorigin src="[^"]+"><\/script>/;
        if (!entryTag.test(html))
          throw new Error('index.html has no entry script tag: update vite-plugins.ts');
        return {
          html: html
            .replace(entryTag, (tag) => tag.replace('<script ', '<script fetchpriority="low" '))
            // Vite's own modulepreload tags (the entry's static imports).
            .replaceAll(
              '<link rel="modulepreload" crossorigin href=',
              '<link rel="modulepreload" crossorigin fetchpriority="low" href=',
            ),
          tags: files.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: `/${file}` },
            injectTo: 'head' as const,
          })),
        };
      },
    },
  };
}

const OVERLAY_ICON = '<!-- overlay icon -->';

/**
 * The startup overlay in index.html paints before any script, so it is plain HTML; its icon is
 * lucide's Boxes rendered here, the markup React's overlay (startup-overlay.tsx) puts in its place,
 * so a lucide update cannot make the first paint's icon differ from the app's.
 */
export function overlayIcon(): Plugin {
  return {
    name: 'bulkwise:overlay-icon',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(OVERLAY_ICON))
          throw new Error(`index.html has no ${OVERLAY_ICON}: update vite-plugins.ts`);
        const icon = renderToStaticMarkup(
          createElement(Boxes, { className: 'size-10', 'aria-hidden': 'true' }),
        );
        return html.replace(OVERLAY_ICON, icon);
      },
    },
  };
}

/** The public pages whose own chunk (and largest image) the server preloads with index.html. */
const FIRST_PAGES = [
  { path: paths.home.path, module: 'src/app/routes/home.tsx', images: [HERO_SLIDES[0]!.image] },
  { path: paths.categories.path, module: 'src/app/routes/categories.tsx', images: [] },
  { path: paths.category.path, module: 'src/app/routes/category.tsx', images: [] },
  { path: paths.allProducts.path, module: 'src/app/routes/all-products.tsx', images: [] },
  { path: paths.product.path, module: 'src/app/routes/product.tsx', images: [] },
];

export interface FirstPagePreload {
  /** A route path of config/paths.ts (`:name` matches one segment). */
  path: string;
  scripts: string[];
  images: string[];
}

export const FIRST_PAGE_PRELOADS_FILE = 'first-page-preloads.json';

/**
 * Writes first-page-preloads.json next to index.html: per public page, the page's chunk and the
 * chunks it imports that index.html does not already load, plus the image it shows largest. The
 * API's SPA plugin sends them as `Link: rel=preload` with index.html for that URL.
 */
export function firstPagePreloads(): Plugin {
  return {
    name: 'bulkwise:first-page-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const loaded = loadedByHtml(bundle);
      const pages: FirstPagePreload[] = FIRST_PAGES.map(({ path, module, images }) => ({
        path,
        scripts: [...closure(bundle, [findChunk(bundle, module).fileName])]
          .filter((file) => !loaded.has(file))
          .map((file) => `/${file}`),
        images,
      }));
      this.emitFile({
        type: 'asset',
        fileName: FIRST_PAGE_PRELOADS_FILE,
        source: JSON.stringify(pages, null, 2),
      });
    },
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing ahead of time; under 1 KB the headers cost more than they save. */
const PRECOMPRESSED = /\.(js|css|html|svg|json)$/;
const PRECOMPRESS_MIN_BYTES = 1024;

/**
 * Writes a Brotli (quality 11) and a gzip (level 9) copy next to every text file of the build. The
 * API serves them as they are (`preCompressed` in apps/api/src/plugins/spa.ts) instead of compressing
 * each response at Brotli quality 4: smaller files, and no CPU per request for static files.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'bulkwise:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter(
          (entry) => entry.isFile() && PRECOMPRESSED.test(entry.name) && !entry.parentPath.includes('.vite'),
        )
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(file);
          if (source.length < PRECOMPRESS_MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzip(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * Fails the build when the hand-kept lists of the `shared` chunk (vite.config.ts) fell behind the code:
 * - the entry imports `shared` (a module the entry runs went into it): `shared` imports React from the
 *   entry, and the cycle fails at start with "r is not a function";
 * - `shared` reaches react-hook-form: every first page would download the form library.
 */
export function checkSharedChunk(): Plugin {
  return {
    name: 'bulkwise:check-shared-chunk',
    apply: 'build',
    generateBundle(_options, bundle) {
      const shared = chunksOf(bundle).find((c) => c.name === 'shared');
      if (!shared) return;
      for (const entry of chunksOf(bundle).filter((c) => c.isEntry)) {
        if (closure(bundle, [entry.fileName]).has(shared.fileName)) {
          throw new Error(
            `${entry.fileName} imports ${shared.fileName}: add the entry's modules to ENTRY in chunk-layout.ts`,
          );
        }
      }
      const forms = [...closure(bundle, [shared.fileName])].filter((file) => {
        const chunk = bundle[file];
        return (
          chunk?.type === 'chunk' &&
          chunk.moduleIds.some((id) => /node_modules[\\/]react-hook-form[\\/]/.test(id))
        );
      });
      if (forms.length > 0)
        throw new Error(
          `${shared.fileName} imports react-hook-form (${forms.join(', ')}): add the module to FORMS in chunk-layout.ts`,
        );
    },
  };
}

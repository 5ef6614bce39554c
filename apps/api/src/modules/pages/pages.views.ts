import { IMAGE_FORMATS, IMAGE_SIZES, imageSrcset, type Category, type Product } from '@bulkwise/contracts';
import { escapeHtml as e } from './pages.html';
import { dollars, inStock } from './pages.structured';

/**
 * The visible content of a server-made page, for a browser without JavaScript and for crawlers that read
 * HTML only. With JavaScript the startup overlay covers it and React replaces it (see decision 0024).
 * Same links, texts and image files as the app's pages.
 */

const productHref = (id: string) => `/product/${encodeURIComponent(id)}`;
const categoryHref = (id: string) => `/category/${encodeURIComponent(id)}`;

/**
 * In <noscript>: with JavaScript the browser makes no element of it (no second fetch or second image of
 * the same name while the app starts); without, and for crawlers that read HTML, it is the image.
 */
function image(src: string, alt: string, sizes: string, eager: boolean): string {
  const srcset = imageSrcset(src);
  const choice = srcset ? ` srcset="${e(srcset)}" sizes="${e(sizes)}"` : '';
  const loading = eager ? 'fetchpriority="high"' : 'loading="lazy"';
  const img = `<img src="${e(src)}"${choice} alt="${e(alt)}" width="600" height="450" ${loading} class="aspect-4/3 w-full rounded-box object-cover" />`;
  if (!srcset) return `<noscript>${img}</noscript>`;
  // An upload: its AVIF copies first, as the app's <picture> offers them.
  const avif = `<source type="${IMAGE_FORMATS.avif}" srcset="${e(imageSrcset(src, 'avif')!)}" sizes="${e(sizes)}" />`;
  return `<noscript><picture class="contents">${avif}${img}</picture></noscript>`;
}

export interface Crumb {
  name: string;
  href: string;
}

function breadcrumbs(trail: readonly Crumb[], current: string): string {
  const links = trail.map((c) => `<li><a href="${e(c.href)}">${e(c.name)}</a></li>`).join('');
  return `<nav aria-label="Breadcrumb" class="breadcrumbs text-sm"><ol>${links}<li aria-current="page">${e(current)}</li></ol></nav>`;
}

function breaksTable(p: Product): string {
  if (p.priceTiers.length === 0) return '';
  const rows = [{ minQuantity: p.minSellingQuantity, price: p.price }, ...p.priceTiers]
    .map((t) => `<tr><td>${e(t.minQuantity)}+ units</td><td>$${dollars(t.price)}</td></tr>`)
    .join('');
  return `<table class="table"><caption class="text-left font-semibold">Volume pricing</caption><thead><tr><th scope="col">Quantity</th><th scope="col">Price per unit</th></tr></thead><tbody>${rows}</tbody></table>`;
}

export function productView(p: Product, trail: readonly Crumb[]): string {
  const stock = inStock(p) ? `${e(p.mainQuantity)} units available` : 'Out of stock';
  return `<main class="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10">
${breadcrumbs(trail, p.name)}
<article class="grid gap-8 lg:grid-cols-2">
${image(p.image, p.name, IMAGE_SIZES.productPage, true)}
<div class="flex flex-col gap-4">
<h1 class="text-3xl font-bold">${e(p.name)}</h1>
<p>Brand: ${e(p.brandName)} · ${e(p.category)} · Rating ${e(p.rating.toFixed(1))}</p>
<p class="text-2xl font-bold text-primary">$${dollars(p.price)} <span class="text-base font-normal">per unit</span></p>
<p>Minimum order: ${e(p.minSellingQuantity)} units · ${stock}</p>
${breaksTable(p)}
<p class="whitespace-pre-line">${e(p.description)}</p>
</div>
</article>
</main>`;
}

export function listingView(heading: string, products: readonly Product[], trail: readonly Crumb[]): string {
  const cards = products
    .map(
      (p, i) => `<li class="card bg-base-100 shadow">
${image(p.image, p.name, IMAGE_SIZES.cardGrid, i === 0)}
<div class="card-body"><h2 class="card-title"><a href="${productHref(p._id)}">${e(p.name)}</a></h2>
<p>${e(p.brandName)} · $${dollars(p.price)} per unit · Min order ${e(p.minSellingQuantity)}</p></div>
</li>`,
    )
    .join('\n');
  const list = products.length
    ? `<ul class="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">\n${cards}\n</ul>`
    : '<p>No Products Available</p>';
  return `<main class="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10">
${breadcrumbs(trail, heading)}
<h1 class="text-3xl font-bold">${e(heading)}</h1>
${list}
</main>`;
}

export function homeView(brand: string, description: string, categories: readonly Category[]): string {
  const links = categories.map((c) => `<li><a href="${categoryHref(c._id)}">${e(c.name)}</a></li>`).join('');
  return `<main class="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10">
<h1 class="text-3xl font-bold">${e(brand)}</h1>
<p>${e(description)}</p>
<h2 class="text-xl font-bold">Featured Categories</h2>
<ul>${links}</ul>
<p><a href="/categories">View All Categories</a> · <a href="/all-products">All Products</a></p>
</main>`;
}

export { categoryHref, productHref };

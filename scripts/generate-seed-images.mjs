/**
 * Writes the offline seed artwork (SVG only, no network, no dependencies) into apps/web/public:
 *   images/products/<kebab-name>.svg   800x600, one per SEED_PRODUCTS entry (its `image` path)
 *   images/categories/<slug>.svg       800x500, one per SEED_CATEGORIES entry (its `image` path)
 *   images/hero/*.svg                  1600x900 background art for the home slider (no text)
 *   images/avatars/*.svg               200x200 initials avatars and a default silhouette
 *   images/placeholder.svg, images/logo.svg, favicon.svg
 *
 * The product and category lists come straight from the TypeScript seed catalog, so run it with tsx
 * from the repository root:
 *
 *   node_modules/.bin/tsx scripts/generate-seed-images.mjs
 *
 * The output is deterministic: running it twice gives identical files. Stale product and category
 * images (no longer in the catalog) are removed.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let catalog;
try {
  catalog = await import('../apps/api/src/db/seed/catalog.ts');
} catch (error) {
  console.error(
    'Could not load the seed catalog. Run: node_modules/.bin/tsx scripts/generate-seed-images.mjs',
  );
  throw error;
}
const { SEED_CATEGORIES, SEED_PRODUCTS } = catalog;

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PUBLIC_DIR = join(ROOT, 'apps/web/public');
const IMAGES_DIR = join(PUBLIC_DIR, 'images');
const FONT = 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif';

// ---------------------------------------------------------------------------------------------------------
// Helpers

const escapeXml = (value) =>
  String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Small deterministic PRNG (mulberry32) seeded from a string, so each image varies but never changes. */
function randomFor(text) {
  let seed = 2166136261;
  for (const ch of text) seed = Math.imul(seed ^ ch.charCodeAt(0), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (n) => Math.round(n * 10) / 10;

/**
 * Rough advance width of bold sans-serif text, in em. Deliberately on the wide side (DejaVu Sans Bold,
 * the common Linux fallback for system-ui) so titles never overflow on any platform.
 */
function textWidthEm(text) {
  let width = 0;
  for (const ch of text) {
    if (/[iljI.,'’:;!|]/.test(ch)) width += 0.36;
    else if (/[tfr()\- ]/.test(ch)) width += 0.44;
    else if (/[mwMW]/.test(ch)) width += 1.0;
    else if (/[A-Z]/.test(ch)) width += 0.76;
    else width += 0.68;
  }
  return width;
}

/**
 * Fits a title on one line, or on two balanced lines (the split that minimises the longer line),
 * trying each font size in turn; as a last resort the second line is cut with an ellipsis.
 */
function wrapTitle(text, { maxWidth, sizes }) {
  const words = text.split(/\s+/).filter(Boolean);
  const fits = (line, size) => textWidthEm(line) * size <= maxWidth;
  let best = null;
  for (let i = 1; i < words.length; i++) {
    const lines = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const widest = Math.max(...lines.map(textWidthEm));
    if (!best || widest < best.widest) best = { lines, widest };
  }
  for (const size of sizes) {
    if (fits(text, size) && textWidthEm(text) * size <= maxWidth * 0.8) return { size, lines: [text] };
    if (best && best.widest * size <= maxWidth) return { size, lines: best.lines };
    if (fits(text, size)) return { size, lines: [text] };
  }
  const size = sizes[sizes.length - 1];
  const lines = best ? [...best.lines] : [text];
  while (lines.length === 2 && !fits(`${lines[1]}…`, size) && lines[1].includes(' ')) {
    lines[1] = lines[1].replace(/\s*\S+$/, '');
  }
  if (best) lines[1] = `${lines[1]}…`;
  return { size, lines };
}

function titleText({ text, cx, centerY, maxWidth, sizes = [46, 42, 38, 34] }) {
  const { size, lines } = wrapTitle(text, { maxWidth, sizes });
  const lineHeight = Math.round(size * 1.18);
  const firstBaseline = Math.round(centerY - ((lines.length - 1) * lineHeight) / 2 + size * 0.35);
  const spans = lines
    .map(
      (line, i) =>
        `<tspan x="${cx}" ${i === 0 ? `y="${firstBaseline}"` : `dy="${lineHeight}"`}>${escapeXml(line)}</tspan>`,
    )
    .join('');
  return `<text text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${size}" fill="#fff" letter-spacing="-.5">${spans}</text>`;
}

function write(relativePath, svg) {
  const file = join(PUBLIC_DIR, relativePath);
  mkdirSync(dirname(file), { recursive: true });
  const content = `${svg.replace(/\n\s*/g, '')}\n`;
  writeFileSync(file, content);
  return { file, bytes: Buffer.byteLength(content) };
}

function removeStale(dir, keep) {
  try {
    for (const name of readdirSync(dir))
      if (name.endsWith('.svg') && !keep.has(name)) rmSync(join(dir, name));
  } catch {
    /* directory does not exist yet */
  }
}

// ---------------------------------------------------------------------------------------------------------
// Category look: gradient colors and a line-art icon drawn in a 200x200 box centred on (0, 0)

const STROKE = 'fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"';
const SOFT = 'fill="#fff" fill-opacity=".22" stroke="none"';

function gearPath(teeth, outer, inner) {
  const points = [];
  const step = (Math.PI * 2) / teeth;
  for (let i = 0; i < teeth; i++) {
    const a = i * step - Math.PI / 2;
    const pts = [
      [inner, a - step * 0.5],
      [inner, a - step * 0.28],
      [outer, a - step * 0.18],
      [outer, a + step * 0.18],
      [inner, a + step * 0.28],
    ];
    for (const [r, angle] of pts) points.push(`${round(Math.cos(angle) * r)} ${round(Math.sin(angle) * r)}`);
  }
  return `M${points.join('L')}Z`;
}

const ICONS = {
  // Smartphone with wireless waves
  electronics: (dark) =>
    `<rect x="-62" y="-92" width="96" height="184" rx="18" ${SOFT}/>` +
    `<rect x="-62" y="-92" width="96" height="184" rx="18"/>` +
    `<rect x="-48" y="-68" width="68" height="124" rx="4" fill="${dark}" fill-opacity=".35" stroke="none"/>` +
    `<path d="M-26-80H4"/><circle cx="-14" cy="74" r="6" fill="#fff"/>` +
    `<path d="M56-40a34 34 0 0 1 0 48M72-58a60 60 0 0 1 0 84M88-76a86 86 0 0 1 0 120" stroke-width="7"/>`,
  // Cooking pot with lid and steam
  kitchen: () =>
    `<path d="M-78-8V52q0 30 30 30H48q30 0 30-30V-8Z" ${SOFT}/>` +
    `<path d="M-78-8V52q0 30 30 30H48q30 0 30-30V-8"/>` +
    `<path d="M-94-8H94M-78 12H-102M78 12H102M-70-8q70-52 140 0"/><circle cx="0" cy="-40" r="8" fill="#fff"/>` +
    `<path d="M-34-58q-10-12 0-24t0-24M0-66q-10-12 0-24M34-58q-10-12 0-24t0-24" stroke-width="6" opacity=".8"/>` +
    `<path d="M-48 38H48" stroke-width="6" opacity=".6"/>`,
  // T-shirt
  fashion: () =>
    `<path d="M-34-84L-96-52L-74-2L-54-14V88H54V-14L74-2L96-52L34-84Q0-50-34-84Z" ${SOFT}/>` +
    `<path d="M-34-84L-96-52L-74-2L-54-14V88H54V-14L74-2L96-52L34-84Q0-50-34-84Z"/>` +
    `<path d="M-54-14V10M54-14V10" stroke-width="6" opacity=".6"/><path d="M-20 30H20" stroke-width="6" opacity=".7"/>`,
  // Gear with a bolt hole
  industrial: () =>
    `<path d="${gearPath(10, 94, 72)}" ${SOFT}/>` +
    `<path d="${gearPath(10, 94, 72)}"/><circle r="30"/><circle r="48" stroke-width="5" opacity=".5"/>`,
  // Pump bottle and a leaf
  beauty: () =>
    `<rect x="-70" y="-22" width="96" height="118" rx="22" ${SOFT}/>` +
    `<rect x="-70" y="-22" width="96" height="118" rx="22"/>` +
    `<path d="M-40-22V-46H-4V-22M-30-46V-74H-14V-46M-30-74H18V-62"/>` +
    `<rect x="-52" y="16" width="60" height="46" rx="8" fill="#fff" fill-opacity=".35" stroke="none"/>` +
    `<path d="M48 92Q40 20 100 0Q110 70 48 92Z" ${SOFT}/><path d="M48 92Q40 20 100 0Q110 70 48 92ZM52 86Q70 40 96 10" stroke-width="6"/>`,
  // Wheel with spokes
  automotive: () => {
    const spokes = [0, 72, 144, 216, 288]
      .map((deg) => {
        const a = ((deg - 90) * Math.PI) / 180;
        return `M${round(Math.cos(a) * 20)} ${round(Math.sin(a) * 20)}L${round(Math.cos(a) * 56)} ${round(Math.sin(a) * 56)}`;
      })
      .join('');
    return (
      `<circle r="92" ${SOFT}/><circle r="86" stroke-width="16"/>` +
      `<circle r="60" stroke-width="6"/><circle r="18" fill="#fff"/>` +
      `<path d="${spokes}" stroke-width="10"/>`
    );
  },
  // Sheet of paper and a pencil
  office: (dark) =>
    `<path d="M-86-92H14L50-56V92H-86Z" ${SOFT}/>` +
    `<path d="M-86-92H14L50-56V92H-86ZM14-92V-56H50"/>` +
    `<path d="M-62-30H22M-62 0H22M-62 30H4M-62 60H-10" stroke-width="6" opacity=".75"/>` +
    `<g transform="translate(62 8) rotate(32)"><rect x="-15" y="-92" width="30" height="120" rx="3" fill="#fff" stroke="none"/>` +
    `<rect x="-15" y="-92" width="30" height="18" rx="3" fill="${dark}" fill-opacity=".45" stroke="none"/>` +
    `<path d="M-15 28L0 62L15 28Z" fill="#fff" stroke="none"/><path d="M-6 48L0 62L6 48Z" fill="${dark}" stroke="none"/>` +
    `<path d="M-4-70V22" stroke="${dark}" stroke-opacity=".25" stroke-width="4"/></g>`,
};

const THEMES = {
  'Electronics & Gadgets': { light: '#38bdf8', mid: '#4f46e5', dark: '#312e81', icon: 'electronics' },
  'Home & Kitchen Appliances': { light: '#fbbf24', mid: '#ea580c', dark: '#9a3412', icon: 'kitchen' },
  'Fashion & Apparel': { light: '#f9a8d4', mid: '#db2777', dark: '#831843', icon: 'fashion' },
  'Industrial Machinery & Tools': { light: '#94a3b8', mid: '#475569', dark: '#1e293b', icon: 'industrial' },
  'Health & Beauty': { light: '#5eead4', mid: '#0d9488', dark: '#134e4a', icon: 'beauty' },
  'Automotive Parts & Accessories': { light: '#fca5a5', mid: '#dc2626', dark: '#7f1d1d', icon: 'automotive' },
  'Office Supplies & Stationery': { light: '#c4b5fd', mid: '#7c3aed', dark: '#4c1d95', icon: 'office' },
};

function themeFor(category) {
  const theme = THEMES[category];
  if (!theme) throw new Error(`No theme for category "${category}"`);
  return theme;
}

/** Background gradient, soft decorative circles and a bottom shade; shared by product and category art. */
function cardBackground({ width, height, theme, seedText }) {
  const rand = randomFor(seedText);
  const x2 = round(0.7 + rand() * 0.3);
  const circles = Array.from({ length: 3 }, (_, i) => {
    const r = Math.round(height * (0.18 + rand() * 0.3));
    const cx = Math.round(i === 1 ? width * (0.05 + rand() * 0.2) : width * (0.65 + rand() * 0.35));
    const cy = Math.round(height * (i === 2 ? 0.75 + rand() * 0.25 : rand() * 0.4));
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" opacity="${(0.07 + i * 0.03).toFixed(2)}"/>`;
  }).join('');
  return (
    `<defs><linearGradient id="b" x1="0" y1="0" x2="${x2}" y2="1">` +
    `<stop offset="0" stop-color="${theme.light}"/><stop offset=".5" stop-color="${theme.mid}"/><stop offset="1" stop-color="${theme.dark}"/></linearGradient>` +
    `<linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset=".5" stop-opacity="0"/><stop offset="1" stop-opacity=".3"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#b)"/>${circles}<rect width="${width}" height="${height}" fill="url(#s)"/>`
  );
}

function iconGroup({ theme, cx, cy, scale }) {
  return (
    `<circle cx="${cx}" cy="${cy}" r="${Math.round(132 * scale)}" fill="#fff" opacity=".14"/>` +
    `<g transform="translate(${cx} ${cy}) scale(${scale})" ${STROKE}>${ICONS[theme.icon](theme.dark)}</g>`
  );
}

function svgOpen(width, height, label) {
  const aria = label ? `role="img" aria-label="${escapeXml(label)}"` : 'aria-hidden="true"';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ${aria}>`;
}

function productSvg(product) {
  const theme = themeFor(product.category);
  return (
    svgOpen(800, 600, product.name) +
    cardBackground({ width: 800, height: 600, theme, seedText: product.name }) +
    iconGroup({ theme, cx: 400, cy: 232, scale: 1.05 }) +
    titleText({ text: product.name, cx: 400, centerY: 458, maxWidth: 700 }) +
    '</svg>'
  );
}

function categorySvg(category) {
  const theme = themeFor(category.name);
  return (
    svgOpen(800, 500, category.name) +
    cardBackground({ width: 800, height: 500, theme, seedText: category.name }) +
    iconGroup({ theme, cx: 400, cy: 200, scale: 1 }) +
    titleText({ text: category.name, cx: 400, centerY: 398, maxWidth: 720, sizes: [50, 46, 42] }) +
    '</svg>'
  );
}

// ---------------------------------------------------------------------------------------------------------
// Hero backgrounds (1600x900, no text: the page overlays its own copy on the left)

const TAG =
  '<path d="M-90-40V-90H-40L70 20L20 70Z" fill="#fff" fill-opacity=".18"/><path d="M-90-40V-90H-40L70 20L20 70Z"/><circle cx="-62" cy="-62" r="10"/>';
const BAG =
  '<path d="M-70-40H70L80 90H-80Z" fill="#fff" fill-opacity=".18"/><path d="M-70-40H70L80 90H-80ZM-36-40V-60a36 36 0 0 1 72 0V-40"/>';
const HANGER = '<path d="M0-70a18 18 0 1 1 18 18Q0-48 0-34L-96 30H96L0-34"/>';
const KETTLE =
  '<path d="M-70 80L-56-30H56L70 80Z" fill="#fff" fill-opacity=".18"/><path d="M-70 80L-56-30H56L70 80ZM-40-30Q0-80 40-30M56-10Q96 0 84 50M-56 0L-96-40"/><path d="M-70 80H70" stroke-width="10"/>';
const LAPTOP =
  '<rect x="-90" y="-70" width="180" height="116" rx="10" fill="#fff" fill-opacity=".18"/><rect x="-90" y="-70" width="180" height="116" rx="10"/><path d="M-116 62H116L104 80H-104Z"/>';

function heroSvg({ colors, glow, shapes }) {
  const [c1, c2, c3] = colors;
  const placed = shapes
    .map(
      ({ svg, x, y, s, r = 0, o = 0.5 }) =>
        `<g transform="translate(${x} ${y}) rotate(${r}) scale(${s})" opacity="${o}" ${STROKE}>${svg}</g>`,
    )
    .join('');
  return (
    svgOpen(1600, 900) +
    `<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset=".55" stop-color="${c2}"/><stop offset="1" stop-color="${c3}"/></linearGradient>` +
    `<radialGradient id="g" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="${glow}" stop-opacity=".75"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="w" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `<pattern id="d" width="36" height="36" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="2" fill="#fff" opacity=".28"/></pattern>` +
    `<linearGradient id="f" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#fff"/></linearGradient>` +
    `<mask id="m"><rect width="1600" height="900" fill="url(#f)"/></mask></defs>` +
    `<rect width="1600" height="900" fill="url(#b)"/>` +
    `<circle cx="1250" cy="380" r="560" fill="url(#g)"/><circle cx="180" cy="820" r="420" fill="url(#w)"/>` +
    `<rect width="1600" height="900" fill="url(#d)" mask="url(#m)"/>` +
    `<circle cx="1240" cy="450" r="330" fill="none" stroke="#fff" stroke-opacity=".22" stroke-width="3"/>` +
    `<circle cx="1240" cy="450" r="250" fill="#fff" fill-opacity=".07" stroke="#fff" stroke-opacity=".3" stroke-width="2" stroke-dasharray="6 14"/>` +
    `<rect x="1000" y="-120" width="520" height="300" rx="48" transform="rotate(-18 1260 30)" fill="#fff" fill-opacity=".08"/>` +
    `<rect x="880" y="700" width="560" height="300" rx="48" transform="rotate(14 1160 850)" fill="#fff" fill-opacity=".08"/>` +
    `<path d="M0 760Q400 640 800 740T1600 700V900H0Z" fill="#fff" fill-opacity=".07"/>` +
    `<path d="M0 820Q420 720 820 810T1600 780V900H0Z" fill="#000" fill-opacity=".1"/>` +
    placed +
    '</svg>'
  );
}

const HEROES = {
  'electronics-mega-sale': heroSvg({
    colors: ['#1e1b4b', '#4338ca', '#0891b2'],
    glow: '#22d3ee',
    shapes: [
      { svg: LAPTOP, x: 1240, y: 470, s: 1.7, o: 0.75 },
      { svg: ICONS.electronics('#312e81'), x: 1430, y: 280, s: 1.05, r: 12, o: 0.6 },
      { svg: TAG, x: 1010, y: 220, s: 0.8, r: -10, o: 0.55 },
      { svg: BAG, x: 1500, y: 720, s: 0.55, r: 10, o: 0.4 },
    ],
  }),
  'fashion-wholesale-deal': heroSvg({
    colors: ['#500724', '#be185d', '#f59e0b'],
    glow: '#fb7185',
    shapes: [
      { svg: ICONS.fashion(), x: 1230, y: 480, s: 1.9, o: 0.75 },
      { svg: HANGER, x: 1230, y: 200, s: 1.1, o: 0.6 },
      { svg: BAG, x: 1500, y: 650, s: 0.95, r: 8, o: 0.6 },
      { svg: TAG, x: 980, y: 250, s: 0.75, r: -14, o: 0.5 },
    ],
  }),
  'home-appliance-special': heroSvg({
    colors: ['#042f2e', '#0f766e', '#65a30d'],
    glow: '#5eead4',
    shapes: [
      { svg: ICONS.kitchen(), x: 1180, y: 470, s: 1.9, o: 0.75 },
      { svg: KETTLE, x: 1450, y: 290, s: 0.9, r: 6, o: 0.6 },
      { svg: TAG, x: 960, y: 230, s: 0.75, r: -12, o: 0.5 },
      { svg: BAG, x: 1480, y: 720, s: 0.6, r: -8, o: 0.4 },
    ],
  }),
};

// ---------------------------------------------------------------------------------------------------------
// Avatars (200x200 circles). Demo accounts use their own initials.
// Testimonial avatars, in order: testimonial-1 JM, testimonial-2 SK, testimonial-3 DO,
// testimonial-4 LW, testimonial-5 RA, testimonial-6 TB (the home page testimonials use matching names).

function initialsAvatar(initials, [from, to]) {
  return (
    svgOpen(200, 200, initials) +
    `<defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<circle cx="100" cy="100" r="100" fill="url(#a)"/><circle cx="150" cy="44" r="70" fill="#fff" opacity=".1"/>` +
    `<text x="100" y="100" dy=".35em" text-anchor="middle" font-family="${FONT}" font-weight="600" font-size="76" fill="#fff" letter-spacing="1">${escapeXml(initials)}</text>` +
    '</svg>'
  );
}

const AVATARS = {
  'ava-chen': initialsAvatar('AC', ['#6366f1', '#4338ca']),
  'marco-ruiz': initialsAvatar('MR', ['#f97316', '#c2410c']),
  'priya-nair': initialsAvatar('PN', ['#14b8a6', '#0f766e']),
  'testimonial-1': initialsAvatar('JM', ['#3b82f6', '#1d4ed8']),
  'testimonial-2': initialsAvatar('SK', ['#ec4899', '#be185d']),
  'testimonial-3': initialsAvatar('DO', ['#22c55e', '#15803d']),
  'testimonial-4': initialsAvatar('LW', ['#a855f7', '#7e22ce']),
  'testimonial-5': initialsAvatar('RA', ['#f59e0b', '#b45309']),
  'testimonial-6': initialsAvatar('TB', ['#ef4444', '#b91c1c']),
  'default-avatar':
    svgOpen(200, 200, 'User') +
    '<defs><clipPath id="c"><circle cx="100" cy="100" r="100"/></clipPath></defs>' +
    '<circle cx="100" cy="100" r="100" fill="#cbd5e1"/>' +
    '<g clip-path="url(#c)" fill="#f8fafc"><circle cx="100" cy="78" r="38"/><path d="M26 200Q26 128 100 128T174 200Z"/></g>' +
    '</svg>',
};

// ---------------------------------------------------------------------------------------------------------
// Placeholder, logo and favicon

const PLACEHOLDER =
  svgOpen(800, 600, 'Image unavailable') +
  '<rect width="800" height="600" fill="#e5e7eb"/>' +
  '<g fill="none" stroke="#9ca3af" stroke-width="12" stroke-linecap="round" stroke-linejoin="round">' +
  '<rect x="290" y="215" width="220" height="170" rx="18"/><path d="M300 360L370 290L420 340L445 315L500 370"/></g>' +
  '<circle cx="455" cy="260" r="18" fill="#9ca3af"/></svg>';

/** Bulkwise mark: three stacked shipping boxes in an indigo rounded square (64x64 grid). */
function logoSvg(size) {
  const box = (x, y) =>
    `<rect x="${x}" y="${y}" width="18" height="15" rx="2" fill="#fff"/>` +
    `<path d="M${x + 7} ${y}V${y + 6}H${x + 11}V${y}" fill="#c7d2fe"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64" role="img" aria-label="Bulkwise">` +
    '<defs><linearGradient id="l" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6366f1"/><stop offset="1" stop-color="#1d4ed8"/></linearGradient></defs>' +
    '<rect width="64" height="64" rx="14" fill="url(#l)"/>' +
    box(12, 35) +
    box(34, 35) +
    box(23, 17) +
    '<path d="M9 53H55" stroke="#c7d2fe" stroke-width="2.5" stroke-linecap="round"/>' +
    '</svg>'
  );
}

// ---------------------------------------------------------------------------------------------------------
// Write everything

const written = [];
const productNames = new Set();
for (const product of SEED_PRODUCTS) {
  const name = basename(product.image);
  productNames.add(name);
  written.push(write(`images/products/${name}`, productSvg(product)));
}
const categoryNames = new Set();
for (const category of SEED_CATEGORIES) {
  const name = basename(category.image);
  categoryNames.add(name);
  written.push(write(`images/categories/${name}`, categorySvg(category)));
}
removeStale(join(IMAGES_DIR, 'products'), productNames);
removeStale(join(IMAGES_DIR, 'categories'), categoryNames);
for (const [name, svg] of Object.entries(HEROES)) written.push(write(`images/hero/${name}.svg`, svg));
for (const [name, svg] of Object.entries(AVATARS)) written.push(write(`images/avatars/${name}.svg`, svg));
written.push(write('images/placeholder.svg', PLACEHOLDER));
written.push(write('images/logo.svg', logoSvg(64)));
written.push(write('favicon.svg', logoSvg(32)));

const total = written.reduce((sum, w) => sum + w.bytes, 0);
const largest = written.reduce((a, b) => (b.bytes > a.bytes ? b : a));
console.log(
  `Wrote ${written.length} SVG files (${(total / 1024).toFixed(1)} KB; largest ${basename(largest.file)} ${largest.bytes} B) into ${PUBLIC_DIR}`,
);

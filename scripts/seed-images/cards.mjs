// Product (800x600) and category (800x500) cards: a gradient per category and a line-art icon.
import { escapeXml, randomFor, round, titleText } from './svg-text.mjs';

// Category look: gradient colors and a line-art icon drawn in a 200x200 box centred on (0, 0)

export const STROKE =
  'fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"';
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

export const ICONS = {
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

export function svgOpen(width, height, label) {
  const aria = label ? `role="img" aria-label="${escapeXml(label)}"` : 'aria-hidden="true"';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ${aria}>`;
}

/**
 * The cards' layouts, 800 px wide: the height, the icon's centre and scale, the title's centre and width,
 * and the title's font sizes to try, largest first (svg-text.mjs's by default).
 * @typedef {{ height: number, iconY: number, scale: number, titleY: number, maxWidth: number, sizes?: number[] }} Layout
 * @type {Record<'product' | 'category', Layout>}
 */
const LAYOUTS = {
  product: { height: 600, iconY: 232, scale: 1.05, titleY: 458, maxWidth: 700 },
  category: { height: 500, iconY: 200, scale: 1, titleY: 398, maxWidth: 720, sizes: [50, 46, 42] },
};

/**
 * A card: the theme's background, its icon, and `name` as the title under it.
 * @param {string} name @param {string} themeName @param {Layout} layout
 */
function cardSvg(name, themeName, { height, iconY, scale, titleY, maxWidth, sizes }) {
  const theme = themeFor(themeName);
  return (
    svgOpen(800, height, name) +
    cardBackground({ width: 800, height, theme, seedText: name }) +
    iconGroup({ theme, cx: 400, cy: iconY, scale }) +
    titleText({ text: name, cx: 400, centerY: titleY, maxWidth, sizes }) +
    '</svg>'
  );
}

export const productSvg = (product) => cardSvg(product.name, product.category, LAYOUTS.product);

export const categorySvg = (category) => cardSvg(category.name, category.name, LAYOUTS.category);

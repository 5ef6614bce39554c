// The avatars, the image placeholder, the Bulkwise logo and favicon.
import { svgOpen } from './cards.mjs';
import { FONT, escapeXml } from './svg-text.mjs';

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

export const AVATARS = {
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

export const PLACEHOLDER =
  svgOpen(800, 600, 'Image unavailable') +
  '<rect width="800" height="600" fill="#e5e7eb"/>' +
  '<g fill="none" stroke="#9ca3af" stroke-width="12" stroke-linecap="round" stroke-linejoin="round">' +
  '<rect x="290" y="215" width="220" height="170" rx="18"/><path d="M300 360L370 290L420 340L445 315L500 370"/></g>' +
  '<circle cx="455" cy="260" r="18" fill="#9ca3af"/></svg>';

/** Bulkwise mark: three stacked shipping boxes in an indigo rounded square (64x64 grid). */
export function logoSvg(size) {
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

// Hero backgrounds (1600x900, no text: the page overlays its own copy on the left).
import { ICONS, STROKE, svgOpen } from './cards.mjs';

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

export const HEROES = {
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

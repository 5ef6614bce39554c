// Text and numbers in the seed artwork's SVG: escaping, a deterministic PRNG per image, title wrapping.

export const FONT = 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif';

export const escapeXml = (value) =>
  String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Small deterministic PRNG (mulberry32) seeded from a string, so each image varies but never changes. */
export function randomFor(text) {
  let seed = 2166136261;
  for (const ch of text) seed = Math.imul(seed ^ ch.charCodeAt(0), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const round = (n) => Math.round(n * 10) / 10;

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

export function titleText({ text, cx, centerY, maxWidth, sizes = [46, 42, 38, 34] }) {
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

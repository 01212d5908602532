/**
 * Many small SVG icons as one file: each icon is drawn in a square cell of one
 * wide SVG and named by a `<view>`, so `<img src="sprite.svg#btc">` shows just
 * that icon. A page with twenty icons then costs one request, not twenty: on a
 * phone every request is a round trip.
 */

export interface SpriteIcon {
  /** The fragment that shows it: letters, digits, `_` and `-`. */
  id: string;
  svg: string;
}

/** An icon's root `<svg>` attributes other than its size and position, which the sprite sets. */
function rootAttributes(svg: string): string {
  const open = /<svg\b([^>]*)>/.exec(svg)?.[1] ?? '';
  return open.replace(/\s(width|height|x|y|class|xmlns(:\w+)?)="[^"]*"/g, '').trim();
}

function innerMarkup(svg: string): string {
  return svg.replace(/^[\s\S]*?<svg\b[^>]*>/, '').replace(/<\/svg>\s*$/, '');
}

/** Ids inside an icon (gradients, filters) are prefixed with the icon's id, so two icons' `#a` never meet. */
function scopeIds(markup: string, scope: string): string {
  return markup
    .replace(/\bid="([^"]+)"/g, `id="${scope}-$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${scope}-$1)`)
    .replace(/\b(xlink:href|href)="#([^"]+)"/g, `$1="#${scope}-$2"`);
}

/**
 * The sprite's own size is one cell (showing the first icon): an image's
 * intrinsic size comes from the root `<svg>`, not from the `<view>` chosen by
 * the fragment, and a wide sprite would be drawn as a thin strip wherever an
 * icon is fitted into its box by aspect ratio (`object-fit: contain`).
 */
export function svgSprite(icons: SpriteIcon[], cell: number): string {
  const cells = icons.map((icon, index) => {
    const x = index * cell;
    return (
      `<view id="${icon.id}" viewBox="${x} 0 ${cell} ${cell}"/>` +
      `<svg x="${x}" y="0" width="${cell}" height="${cell}" ${rootAttributes(icon.svg)}>${scopeIds(innerMarkup(icon.svg), icon.id)}</svg>`
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${cell}" height="${cell}" viewBox="0 0 ${cell} ${cell}">${cells.join('')}</svg>`;
}

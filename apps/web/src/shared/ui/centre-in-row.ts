/**
 * Scrolls a horizontal row of chips so that one chip sits in its middle: a
 * pair opened by link may be past the row's right edge. Only the row moves,
 * never the page (scrollIntoView would also scroll the page to the row).
 */
export function centreInRow(chip: HTMLElement | null): void {
  const row = chip?.parentElement;
  if (!chip || !row) return;
  const chipBox = chip.getBoundingClientRect();
  const rowBox = row.getBoundingClientRect();
  row.scrollLeft += chipBox.left - rowBox.left - (rowBox.width - chipBox.width) / 2;
}

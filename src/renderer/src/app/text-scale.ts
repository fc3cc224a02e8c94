/**
 * How much larger than the usual 16 px the window's text is (the operating system's or Chromium's text
 * size setting), at least 1. Lists whose rows have a height set in pixels (for their virtualizer)
 * multiply it by this: at a 32 px text size the rows' two lines overran 52 and 68 px rows, drawn
 * over each other and over the next row.
 */
export function textScale(): number {
  const px = parseFloat(getComputedStyle(document.documentElement).fontSize)
  return Number.isFinite(px) && px > 16 ? px / 16 : 1
}

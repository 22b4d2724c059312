// The words on a special symbol's banner (WILD, FREE SPINS, TOURS GRATUITS …), laid out as large as
// the banner allows. One line, or, on a cell small enough (a phone's) that one line would print a
// label of several words (or a long word with a soft hyphen, FREI-SPIELE) hard to read, two lines on
// a taller banner, when they give the larger letters. Widths are measured, not guessed, by the
// caller's `measure` (the text's width at a font size of 1).

export interface BannerLayout {
  lines: string[];
  fontSize: number;
  /** The banner's height, in cell sizes. */
  height: number;
}

/** One line's banner height, and two lines', in cell sizes. */
export const BANNER_HEIGHT = { one: 0.2, two: 0.32 } as const;
/** A font size (CSS px) read at a glance on one line: a smaller one tries two lines. */
export const READABLE_PX = 11;
/** The width the words may take, in cell sizes (the banner is 0.86 wide, with a margin). */
const TEXT_WIDTH = 0.86 * 0.9;

/** A soft hyphen: where a catalog allows a long word to break ("FREI\u00adSPIELE"). */
const SOFT_HYPHEN = '\u00ad';

/** The text as one line: its soft hyphens are breaks it does not take, so they are not drawn. */
export function oneLine(text: string): string {
  return text.replaceAll(SOFT_HYPHEN, '');
}

/**
 * The two lines of `text` split at the space or soft hyphen (the first line then ends in "-") that
 * makes the longer line shortest; null for a label with neither.
 */
export function twoLines(text: string): [string, string] | null {
  const words = text.trim().split(/\s+/);
  const splits: Array<[string, string]> = [];
  for (let i = 1; i < words.length; i++)
    splits.push([oneLine(words.slice(0, i).join(' ')), oneLine(words.slice(i).join(' '))]);
  words.forEach((word, i) => {
    const parts = word.split(SOFT_HYPHEN);
    for (let j = 1; j < parts.length; j++)
      splits.push([
        oneLine([...words.slice(0, i), parts.slice(0, j).join('')].join(' ')) + '-',
        oneLine([parts.slice(j).join(''), ...words.slice(i + 1)].join(' ')),
      ]);
  });
  let best: [string, string] | null = null;
  for (const split of splits)
    if (!best || Math.max(split[0].length, split[1].length) < Math.max(best[0].length, best[1].length))
      best = split;
  return best;
}

export function bannerLayout(text: string, size: number, measure: (line: string) => number): BannerLayout {
  const sizeFor = (line: string, cap: number) =>
    Math.min(cap, (size * TEXT_WIDTH) / Math.max(measure(line), 1e-6));
  const full = size * BANNER_HEIGHT.one * 0.62;
  const one: BannerLayout = {
    lines: [oneLine(text)],
    fontSize: sizeFor(oneLine(text), full),
    height: BANNER_HEIGHT.one,
  };
  const split = twoLines(text);
  // A label one line prints at the banner's full height, or large enough to read at a glance,
  // stays on it: the taller banner hides more of the symbol's picture.
  if (!split || one.fontSize >= full || one.fontSize >= READABLE_PX) return one;
  const cap = size * BANNER_HEIGHT.two * 0.42;
  const two: BannerLayout = {
    lines: split,
    fontSize: Math.min(sizeFor(split[0], cap), sizeFor(split[1], cap)),
    height: BANNER_HEIGHT.two,
  };
  // Two lines only when they print clearly larger: a short label keeps its one slim banner.
  return two.fontSize > one.fontSize * 1.08 ? two : one;
}

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
/** The banner's width, in cell sizes. */
export const BANNER_WIDTH = 0.86;
/** A font size (CSS px) read at a glance on one line: a smaller one tries two lines. */
export const READABLE_PX = 11;
/** The width the words may take, in cell sizes: the banner's, less a margin. */
export const TEXT_WIDTH = BANNER_WIDTH * 0.9;

/** A soft hyphen: where a catalog allows a long word to break ("FREI\u00adSPIELE"). */
const SOFT_HYPHEN = '\u00ad';
/** Where a label breaks between words: a plain space (a no-break space, U+00A0, does not break). */
const SPACES = / +/;

/** The text as one line: trimmed, its soft hyphens (breaks it does not take) not drawn. */
export function oneLine(text: string): string {
  return text.trim().replaceAll(SOFT_HYPHEN, '');
}

/**
 * The two lines of `text` split at the space or soft hyphen (the first line then ends in "-") whose
 * wider line is the narrowest, by `measure`; null for a label with neither. A break that would
 * leave a line empty (a soft hyphen at a word's edge) is not one.
 */
export function twoLines(text: string, measure: (line: string) => number): [string, string] | null {
  const words = text.trim().split(SPACES);
  const splits: Array<[string, string]> = [];
  for (let i = 1; i < words.length; i++)
    splits.push([oneLine(words.slice(0, i).join(' ')), oneLine(words.slice(i).join(' '))]);
  words.forEach((word, i) => {
    const parts = word.split(SOFT_HYPHEN);
    for (let j = 1; j < parts.length; j++) {
      const head = oneLine([...words.slice(0, i), parts.slice(0, j).join('')].join(' '));
      const tail = oneLine([parts.slice(j).join(''), ...words.slice(i + 1)].join(' '));
      if (head && tail) splits.push([`${head}-`, tail]);
    }
  });
  let best: { split: [string, string]; wider: number } | null = null;
  for (const split of splits) {
    const wider = Math.max(measure(split[0]), measure(split[1]));
    if (!best || wider < best.wider) best = { split, wider };
  }
  return best?.split ?? null;
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
  const split = twoLines(text, measure);
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

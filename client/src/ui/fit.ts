import { heightForWidth, type LayoutInput } from '../logic/layout.ts';

// Button labels that always fit their button: a word too long for a round or narrow button in some
// language ("DREHEN" on a 390 px phone) is drawn smaller until it fits, never cut. Refitted when a
// button changes size or text.

const SMALLEST = 0.5;
const STEP = 0.05;

/**
 * How wide the button's drawn text is, in its own CSS pixels: its text nodes' boxes (not a
 * screen-reader-only part), unscaled by any transform above it.
 */
function textWidth(button: HTMLElement): number {
  let left = Infinity;
  let right = -Infinity;
  const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent?.trim() || node.parentElement?.closest('.sr-only')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    left = Math.min(left, box.left);
    right = Math.max(right, box.right);
  }
  if (right < left) return 0;
  const scale = button.getBoundingClientRect().width / button.offsetWidth || 1;
  return (right - left) / scale;
}

/**
 * Whether the text runs past the button's box, or sideways into its padding. Centred text that is
 * too wide spills into both paddings at once, which the box's scroll width does not count (the spin
 * button's padding keeps its label on the face, off the rim).
 */
function overflows(button: HTMLElement): boolean {
  if (button.scrollWidth > button.clientWidth + 0.5 || button.scrollHeight > button.clientHeight + 0.5)
    return true;
  const style = getComputedStyle(button);
  const inner =
    button.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
  return textWidth(button) > inner + 0.5;
}

/** Shrinks the button's text (in steps of its own font size) until it fits inside the button. */
export function fitLabel(button: HTMLElement): void {
  button.style.removeProperty('font-size');
  if (!button.isConnected || button.clientWidth === 0 || !overflows(button)) return;
  let scale = 1;
  while (overflows(button) && scale - STEP >= SMALLEST) {
    scale -= STEP;
    button.style.fontSize = `${scale.toFixed(2)}em`;
  }
}

/** Keeps every text button under `root` fitted, now and whenever its size or text changes. */
export function fitLabels(root: HTMLElement): void {
  const fitted = new WeakSet<HTMLElement>();
  const resized = new ResizeObserver((entries) => {
    for (const entry of entries) fitLabel(entry.target as HTMLElement);
  });
  const watch = () => {
    for (const button of root.querySelectorAll<HTMLElement>('button')) {
      if (fitted.has(button)) continue;
      fitted.add(button);
      resized.observe(button);
    }
  };
  watch();
  new MutationObserver((records) => {
    watch();
    for (const record of records) {
      const button = (
        record.target instanceof HTMLElement ? record.target : record.target.parentElement
      )?.closest('button');
      if (button) fitLabel(button);
    }
  }).observe(root, { subtree: true, childList: true, characterData: true });
}

/**
 * Tells the CSS how tall the reels are when they run across the stage's width (`--reels-h` on the
 * root): in portrait the stage is made that tall, so the bands above and below belong to the header
 * and the controls instead of lying empty around the reels.
 */
export function fitStageToReels(root: HTMLElement, reels: Omit<LayoutInput, 'width' | 'height'>): void {
  const stage = root.querySelector<HTMLElement>('.stage-wrap');
  if (!stage) return;
  const update = () => {
    const width = stage.clientWidth;
    if (width > 0) root.style.setProperty('--reels-h', `${heightForWidth({ ...reels, width })}px`);
  };
  new ResizeObserver(update).observe(stage);
  update();
}

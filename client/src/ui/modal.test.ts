// Every dialog of the game opens through showModal (modal.ts), which puts focus on its heading: a
// dialog opened any other way could land on an action button that a held Space or Enter answers
// unread (the UK reality check did). The browser suite (test/e2e/dialogs.test.ts) opens each one.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('dialogs', () => {
  const files = sources(SRC).map((file) => ({
    file: path.relative(SRC, file),
    text: readFileSync(file, 'utf8'),
  }));

  it('open only through showModal, which focuses the heading', () => {
    const direct = files.filter(({ file, text }) => file !== 'ui/modal.ts' && /\.showModal\(\)/.test(text));
    expect(direct.map(({ file }) => file)).toEqual([]);
  });

  it('each file that builds a <dialog> opens it with showModal', () => {
    const builders = files.filter(({ text }) => /h\(\s*'dialog'/.test(text));
    expect(builders.length).toBeGreaterThan(0);
    for (const { file, text } of builders)
      expect(text, file).toMatch(/import \{ showModal \} from '(\.|\.\.\/ui)\/modal\.ts'/);
  });

  it('each dialog has a heading to take the focus', () => {
    let dialogs = 0;
    for (const { file, text } of files) {
      for (const match of text.matchAll(/h\(\s*'dialog',[\s\S]*?\n\s{0,6}\);/g)) {
        dialogs++;
        expect(match[0], file).toMatch(/h\(\s*'h2'/);
      }
    }
    expect(dialogs).toBeGreaterThanOrEqual(9);
  });
});

// The maximum win a game shows is the certified one, one figure everywhere: certificate, paytable
// and rules; and a cap the certificate names is one the math reaches.
import { describe, expect, it } from 'vitest';
import { readCertificate } from '../games/certificates.ts';
import { allGames, describeGame } from '../games/index.ts';
import { retriggersWithoutLimit } from './max-win.ts';

const variants = allGames().flatMap((game) =>
  Object.values(game.variants).map((model) => [`${game.slug} ${model.variant}`, game, model] as const),
);

describe.each(variants)('%s', (_name, game, model) => {
  it('shows the certified maximum win on the paytable, once', () => {
    const certified = readCertificate(game.slug)?.variants[model.variant]?.maxWin;
    const shown = describeGame(game, model.variant);
    expect(shown.maxWinMultiplier).toBe(Number(certified?.multiplier));
    expect(shown.maxWinKind).toBe(certified?.kind);
  });

  it('names the cap only where the math reaches it', () => {
    const certified = readCertificate(game.slug)?.variants[model.variant]?.maxWin;
    if (certified?.kind === 'cap') expect(retriggersWithoutLimit(model) || model.tumble).toBe(true);
    else expect(Number(certified?.multiplier)).toBeLessThan(model.maxWinMultiplier);
  });
});

// Every fractional figure a message shows is written with its language's decimal separator: German
// reads "±1.096 Prozentpunkte" as a thousand, so "1.096" must come out "1,096" there.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { format, localiseFigures, SUPPORTED_LANGUAGES, t, useLanguage } from './i18n.ts';

const separatorOf = (language: string) =>
  new Intl.NumberFormat(language).formatToParts(1.5).find((part) => part.type === 'decimal')?.value;

describe('fractional figures in messages', () => {
  for (const language of SUPPORTED_LANGUAGES) {
    it(`${language}: any fractional figure keeps its digits and takes the language's decimal separator`, () => {
      const separator = separatorOf(language) as string;
      fc.assert(
        fc.property(fc.nat(999), fc.stringMatching(/^\d{1,4}$/), (whole, fraction) => {
          const figure = `${whole}.${fraction}`;
          const shown = String(localiseFigures({ figure }, language).figure);
          expect(shown).toBe(`${whole}${separator}${fraction}`);
          expect(localiseFigures({ figure: whole + 0.25 }, language).figure).toContain(`${separator}25`);
        }),
      );
    });

    it(`${language}: the simulated RTP's half width and a countdown read as decimals, whole counts as they are`, async () => {
      await useLanguage(language);
      const separator = separatorOf(language) as string;
      expect(t('paytable.simulated', { halfWidth: '1.096' })).toContain(`1${separator}096`);
      expect(t('cycle.wait', { seconds: '2.5' })).toContain(`2${separator}5`);
      if (separator !== '.') expect(t('paytable.simulated', { halfWidth: '1.096' })).not.toContain('1.096');
      expect(format('{count}', localiseFigures({ count: 1000 }, language))).toBe('1000');
    });
  }

  it('leaves text that is not a bare figure alone', () => {
    expect(localiseFigures({ amount: '€1.50', version: '1.2.3', word: 'Lobby' }, 'de')).toEqual({
      amount: '€1.50',
      version: '1.2.3',
      word: 'Lobby',
    });
  });
});

// The player's language: one message catalog loaded for the session (English is built in, the others
// are separate chunks fetched on demand), `t()` for every player-facing string, and Intl formats for
// amounts and dates in that language.
import { type Language, matchLanguage, SUPPORTED_LANGUAGES } from '../../../src/domain/languages.ts';
import { fillMessage } from '../../../src/games/rule-text.ts';
import { type Catalog, en, type MessageKey } from './catalogs/en.ts';

export type { Language, MessageKey };
export { SUPPORTED_LANGUAGES };

const loaders: Record<Language, () => Promise<Catalog>> = {
  en: async () => en,
  de: () => import('./catalogs/de.ts').then((m) => m.de),
  es: () => import('./catalogs/es.ts').then((m) => m.es),
  'pt-BR': () => import('./catalogs/pt-BR.ts').then((m) => m.ptBR),
  fr: () => import('./catalogs/fr.ts').then((m) => m.fr),
  it: () => import('./catalogs/it.ts').then((m) => m.it),
  ja: () => import('./catalogs/ja.ts').then((m) => m.ja),
};

let current: Language = 'en';
let catalog: Catalog = en;
let plurals = new Intl.PluralRules('en');

/** The catalog of a language, for tests and tools. */
export function loadCatalog(language: Language): Promise<Catalog> {
  return loaders[language]();
}

/** Switches to the closest supported language of `tag` (English when none); resolves when loaded. */
export async function useLanguage(tag: string | null | undefined): Promise<Language> {
  const language = (tag ? matchLanguage(tag) : undefined) ?? 'en';
  try {
    catalog = await loaders[language]();
    current = language;
  } catch {
    catalog = en; // the chunk failed to load: English rather than no text
    current = 'en';
  }
  plurals = new Intl.PluralRules(current);
  if (typeof document !== 'undefined') document.documentElement.lang = current;
  return current;
}

export function language(): Language {
  return current;
}

type Values = Record<string, string | number>;

/** Fills `{name}` placeholders; a `one|other` message picks its form by the `count` value. */
export function format(message: string, values: Values = {}, rules: Intl.PluralRules = plurals): string {
  return fillMessage(message, values, rules);
}

/** A figure with a fraction part ("1.096", 2.5): written the way `language` writes decimals. */
const FRACTIONAL = /^[+-]?\d+\.\d+$/;

/**
 * Fractional figures among `values`, in `language`'s decimal separator with their digits kept
 * ("1.096" reads "1,096" in German, never a thousand); whole numbers and text stay as they are.
 */
export function localiseFigures(values: Values, tag: string): Values {
  const out: Values = {};
  for (const [name, value] of Object.entries(values)) {
    const text = String(value);
    if (!FRACTIONAL.test(text)) {
      out[name] = value;
      continue;
    }
    const digits = text.length - text.indexOf('.') - 1;
    out[name] = new Intl.NumberFormat(tag, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(text as Intl.StringNumericLiteral);
  }
  return out;
}

/** The player's text for `key`; fractional figures in the language's decimal separator. */
export function t(key: MessageKey, values?: Values): string {
  return format(catalog[key] ?? en[key] ?? key, values && localiseFigures(values, current));
}

/** A symbol's name in the player's language; the server's (English) name for a symbol no catalog knows. */
export function symbolName(slug: string, symbol: { code: string; name: string }): string {
  const key = `symbol.${slug}.${symbol.code}` as MessageKey;
  return catalog[key] ?? en[key] ?? symbol.name;
}

/** A game's tagline in the player's language, else the server's. */
export function tagline(slug: string, fallback: string): string {
  const key = `tagline.${slug}` as MessageKey;
  return catalog[key] ?? en[key] ?? fallback;
}

/** Date and time of a round in the player's language and the browser's time zone. */
export function formatDateTime(date: Date): string {
  return new Intl.DateTimeFormat(current, { dateStyle: 'short', timeStyle: 'medium' }).format(date);
}

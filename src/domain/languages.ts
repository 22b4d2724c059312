// Player languages: the game client's message catalogs exist for these; a launch asks for any BCP 47
// tag and gets the closest one we have ("de-AT" plays in German), else the operator's, else English.

export const SUPPORTED_LANGUAGES = ['en', 'de', 'es', 'pt-BR', 'fr', 'it', 'ja'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The canonical form of a well-formed BCP 47 tag, or undefined for anything else. */
export function canonicalTag(tag: string): string | undefined {
  if (tag.length < 2 || tag.length > 35) return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/** The supported language closest to a tag: the exact tag, else its primary language; undefined if none. */
export function matchLanguage(tag: string): Language | undefined {
  const canonical = canonicalTag(tag);
  if (!canonical) return undefined;
  const exact = SUPPORTED_LANGUAGES.find((language) => language.toLowerCase() === canonical.toLowerCase());
  if (exact) return exact;
  const primary = canonical.split('-')[0]?.toLowerCase();
  return SUPPORTED_LANGUAGES.find((language) => language.split('-')[0]?.toLowerCase() === primary);
}

/** The language a session plays in: the player's when we have it, else the operator's, else English. */
export function sessionLanguage(requested: string | undefined, operatorDefault: string | null): Language {
  return (
    (requested !== undefined ? matchLanguage(requested) : undefined) ??
    (operatorDefault !== null ? matchLanguage(operatorDefault) : undefined) ??
    DEFAULT_LANGUAGE
  );
}

import type { Language } from '../../protocol';

/** One catalog, English and Russian: the shell's, or a feature's beside its feature. */
export type CatalogPart = { en: Record<string, string>; ru: Record<string, string> };

// Distributes over a union of parts: every key any of them holds.
type KeyOfPart<Part> = Part extends { en: infer En } ? keyof En & string : never;

/** Every key of the given parts, whichever part holds it. */
export type JoinedKey<Parts extends Record<string, CatalogPart>> = KeyOfPart<Parts[keyof Parts]>;

/**
 * The app's catalogs, one per language, joined from the shell's and each feature's. A key two
 * parts hold throws (at build time: the build reads the joined catalogs), or the later text would
 * silently replace the earlier on one screen or the other. So does a part whose Russian keys are
 * not its English ones, which the part's own type already refuses at compile time.
 */
export function joinCatalogs<const Parts extends Record<string, CatalogPart>>(
  parts: Parts,
): Record<Language, Record<JoinedKey<Parts>, string>> {
  const joined: Record<Language, Record<string, string>> = { en: {}, ru: {} };
  const owner = new Map<string, string>();
  for (const [name, part] of Object.entries(parts)) {
    const english = Object.keys(part.en).sort().join('\n');
    if (Object.keys(part.ru).sort().join('\n') !== english)
      throw new Error(`Catalog ${name} holds other keys in Russian than in English`);
    for (const key of Object.keys(part.en)) {
      const earlier = owner.get(key);
      if (earlier !== undefined)
        throw new Error(`Key ${key} is in catalogs ${earlier} and ${name}`);
      owner.set(key, name);
    }
    Object.assign(joined.en, part.en);
    Object.assign(joined.ru, part.ru);
  }
  return joined;
}

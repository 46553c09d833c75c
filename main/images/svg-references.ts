// An SVG may point at other files: <image href="Family/kid.png">, <use href="other.svg#a">,
// fill="url(x.svg#g)", CSS @import, <?xml-stylesheet?>, external entities, XInclude. Shotput draws
// an SVG from its own bytes only. The guarantee is that the SVG is handed to librsvg as bytes with no
// base address (sharp from a Buffer): librsvg then refuses every reference that is not a data: URI
// (relative, absolute file:// and http alike; test/images/svg-references.test.ts checks it with the
// working directory full of the named files). This module is the second layer, and what lets the
// draft say so: it takes every such reference out of the text and names what it took out.
//
// No XML library: a DOM (DOMPurify under jsdom) would add megabytes to main for a job that needs
// only the attribute and CSS shapes below, and what this scan misses librsvg still refuses.

/** What stays: same-document fragments and raster images embedded as data: URIs. */
const LOCAL_TARGET = /^\s*(?:#|data:image\/(?:png|jpeg|jpg|gif|webp)[;,])/i;

/** href, xlink:href (any prefix) and src attributes, with their quoted value. */
const HREF_ATTRIBUTE = /(\s)((?:[A-Za-z_][\w.-]*:)?(?:href|src))(\s*=\s*)(?:"([^"]*)"|'([^']*)')/g;
/** CSS url() in attributes (fill, filter, mask, clip-path, marker-*, style) and in <style>. */
const CSS_URL = /url\(\s*(["']?)([^"')]*)\1\s*\)/gi;
const CSS_IMPORT = /@import\s+[^;>]*;?/gi;
/** <?xml-stylesheet href="…"?> and any other processing instruction but the XML declaration. */
const PROCESSING_INSTRUCTION = /<\?(?!xml[\s?])[\s\S]*?\?>/gi;
/** <!ENTITY x SYSTEM "file:…"> and PUBLIC ones: declarations that would read another file. */
const EXTERNAL_ENTITY = /<!ENTITY\s+%?\s*[^\s>]+\s+(?:SYSTEM|PUBLIC)\b[^>]*>/gi;
/** Elements that run code or embed another document: never drawn by Shotput. */
const ACTIVE_ELEMENT =
  /<(script|foreignObject|iframe)\b[^>]*\/>|<(script|foreignObject|iframe)\b[^>]*>[\s\S]*?<\/\2\s*>/gi;

export interface SvgCleaned {
  svg: Buffer;
  /** The references taken out, as written in the file (decoded entities), in order, unique. */
  removed: string[];
}

function decodeCharacterReferences(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number.parseInt(dec, 10)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function isLocal(target: string): boolean {
  return LOCAL_TARGET.test(decodeCharacterReferences(target));
}

/** Takes every external reference out of an SVG's text; what is left can only draw itself. */
export function removeSvgReferences(svg: Buffer): SvgCleaned {
  const removed = new Set<string>();
  const note = (target: string) => removed.add(decodeCharacterReferences(target).trim() || '(empty)');
  let text = svg.toString('utf8');
  text = text.replace(EXTERNAL_ENTITY, (declaration) => {
    note(/(["'])([^"']*)\1\s*>$/.exec(declaration)?.[2] ?? 'an external entity');
    return '';
  });
  text = text.replace(PROCESSING_INSTRUCTION, (instruction) => {
    const href = /href\s*=\s*(["'])([^"']*)\1/i.exec(instruction)?.[2];
    if (href !== undefined) note(href);
    return '';
  });
  text = text.replace(ACTIVE_ELEMENT, '');
  text = text.replace(
    HREF_ATTRIBUTE,
    (whole, space: string, name: string, equals: string, double?: string, single?: string) => {
      const value = double ?? single ?? '';
      if (isLocal(value)) return whole;
      note(value);
      const quote = double === undefined ? "'" : '"';
      return `${space}${name}${equals}${quote}${quote}`;
    },
  );
  text = text.replace(CSS_IMPORT, (rule) => {
    note(rule.replace(/^@import\s+/i, '').replace(/;$/, ''));
    return '';
  });
  text = text.replace(CSS_URL, (whole, _quote: string, target: string) => {
    if (isLocal(target)) return whole;
    note(target);
    return 'none';
  });
  return { svg: Buffer.from(text, 'utf8'), removed: [...removed] };
}

/** The sentence a draft shows when references were taken out. */
export function referencesRemovedMessage(removed: readonly string[]): string {
  const shown = removed.slice(0, 3).join(', ');
  const more = removed.length > 3 ? ` and ${removed.length - 3} more` : '';
  const what = removed.length === 1 ? 'another file or address' : `${removed.length} other files or addresses`;
  return `The SVG points at ${what} (${shown}${more}); left out: only what is embedded in the SVG itself is drawn.`;
}

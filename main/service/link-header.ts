// Parses an RFC 8288 `Link` header into its relations: `<url>; rel="next", <url>; rel="prev"`.
// Commas may appear inside the <...> target, so the header is scanned, not split on ",".

export type LinkRelations = Partial<Record<string, string>>;

export function parseLinkHeader(header: string | null | undefined, baseUrl?: string): LinkRelations {
  const relations: LinkRelations = {};
  if (!header) return relations;
  const linkPattern = /<([^>]*)>\s*((?:;\s*[^;,]+)*)/g;
  for (const match of header.matchAll(linkPattern)) {
    const target = match[1] ?? '';
    const params = match[2] ?? '';
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(params);
    const relValue = rel?.[1] ?? rel?.[2];
    if (!relValue) continue;
    let resolved: string;
    try {
      resolved = new URL(target, baseUrl).toString();
    } catch {
      continue;
    }
    // rel may list several relation types separated by spaces.
    for (const name of relValue.toLowerCase().split(/\s+/).filter(Boolean)) {
      relations[name] ??= resolved;
    }
  }
  return relations;
}

// Safe HTML for comment bodies and shot descriptions.
//
// Choice: escape everything the client sent, then add only the markup we generate ourselves
// (paragraphs, line breaks and @mention links). No HTML from a client ever survives, so there is
// nothing for a sanitizer to get wrong and no extra dependency to keep patched.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Looks up a user by (case-insensitive) username; returns the canonical username and profile URL. */
export type MentionResolver = (username: string) => { username: string; htmlUrl: string } | undefined;

const MENTION = /(^|[^A-Za-z0-9_@.&])@([A-Za-z0-9_-]{1,40})/g;

/** Plain text → safe HTML: escaped, paragraphs on blank lines, <br> on single newlines, @mentions linked. */
export function renderText(text: string, resolve: MentionResolver = () => undefined): string {
  const normalized = text.replace(/\r\n?/g, '\n').trim();
  if (normalized === '') return '';
  const paragraphs = normalized.split(/\n{2,}/);
  return paragraphs
    .map((p) => {
      const html = escapeHtml(p).replace(MENTION, (match, before: string, name: string) => {
        const user = resolve(name);
        if (!user) return match;
        return `${before}<a href="${escapeHtml(user.htmlUrl)}" class="mention">@${escapeHtml(user.username)}</a>`;
      });
      return `<p>${html.replace(/\n/g, '<br />')}</p>`;
    })
    .join('\n');
}

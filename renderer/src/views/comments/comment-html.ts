// Comment bodies (and shot descriptions) are HTML written by other people: they are sanitized
// with DOMPurify right before they are shown. DOMPurify is loaded on first use so it does not
// weigh on the window's first paint (the initial bundle has a 60 KB budget).
//
// What survives: text formatting, lists, quotes, code and links. Links keep only http(s)
// addresses; anything else (javascript:, data:, app schemes) loses its href and is inert text.
// No images, no styles, no event handlers, no forms, no frames.
import type { Config, DOMPurify } from 'dompurify';

const allowedTags = [
  'a',
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'span',
];

const config: Config = {
  ALLOWED_TAGS: allowedTags,
  ALLOWED_ATTR: ['href', 'title'],
  ALLOWED_URI_REGEXP: /^https?:\/\//i,
  KEEP_CONTENT: true,
};

let loading: Promise<DOMPurify> | undefined;

function purifier(): Promise<DOMPurify> {
  loading ??= import('dompurify').then(({ default: purify }) => {
    purify.addHook('afterSanitizeAttributes', (node) => {
      if (node.nodeName !== 'A') return;
      const href = node.getAttribute('href');
      if (href === null || !isWebLink(href)) {
        node.removeAttribute('href');
        return;
      }
      // Clicks are intercepted and sent to the system browser (openLinksInBrowser); the window never follows them.
      node.setAttribute('rel', 'noopener noreferrer');
    });
    return purify;
  });
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

export function isWebLink(href: string): boolean {
  return /^https?:\/\//i.test(href) && URL.canParse(href);
}

/** Safe HTML for {@html}: DOMPurify with the rules above. */
export async function sanitizeCommentHtml(html: string): Promise<string> {
  const purify = await purifier();
  return purify.sanitize(html, { ...config, RETURN_TRUSTED_TYPE: false }) as string;
}

/** Starts loading DOMPurify ahead of need (the comments panel calls it when it opens). */
export function preloadSanitizer(): void {
  void purifier().catch(() => undefined);
}

/** The text of an HTML fragment, for an editable field: parsed inert, nothing runs or loads. */
export function htmlToText(html: string): string {
  const document = new DOMParser().parseFromString(
    html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>\s*<p>/gi, '\n\n'),
    'text/html',
  );
  return (document.body.textContent ?? '').trim();
}

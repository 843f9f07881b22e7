const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and quoted attributes. */
export function escapeHtml(text: string | number): string {
  return String(text).replace(/[&<>"']/g, (char) => HTML_ENTITIES[char]!);
}

// Text put into an HTML page the service writes (the landing page, the OAuth pages): the five
// characters that could close an attribute or open markup, as entities.

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

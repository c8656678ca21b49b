/**
 * User text written into HTML, as text: the one escaping rule for the web's charts (web/src/components/
 * chartText.ts, whose library inserts labels as HTML) and the public portfolio page the gateway writes
 * (gateway/src/prerender.ts). No TypeBox: the web imports it.
 */
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const DECODED: Record<string, string> = Object.fromEntries(Object.entries(ENTITIES).map(([char, entity]) => [entity, char]));

/** `<b>"A&B"</b>` → `&lt;b&gt;&quot;A&amp;B&quot;&lt;/b&gt;`: shown as typed wherever it is parsed as HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] as string);
}

/** The inverse of escapeHtml (only its five entities), for handing formatters the text as the user typed it. */
export function unescapeHtml(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => DECODED[entity] as string);
}

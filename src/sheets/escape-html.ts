// Text put into HTML: the one escape the add-on's dialogs (src/addon) and the local HTML pages
// (src/workbook's page, src/cli's index pages) share. It lives in src/sheets because both sides may
// import it: the add-on bundle never imports src/workbook or src/cli, and the embedded workbook's
// pure modules import only src/sheets.

const HTML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text to put inside HTML, as an element's content or a quoted attribute: the five special characters escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ENTITIES[ch]);
}

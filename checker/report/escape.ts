const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Control characters, and the format characters that reorder or hide text, anywhere but a line break or a tab: C0
 * controls (ESC, CR, BEL, backspace, …), DEL, C1 controls (CSI and OSC among them), the bidirectional controls and
 * the line and paragraph separators.
 */
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * The one sanitizer for learner-derived text on its way to a terminal, HTML, XML (JUnit), CSV or a CI annotation:
 * every control character is shown as visible text, never sent. A C0 control becomes its Unicode control picture
 * (ESC `␛`, CR `␍`, BEL `␇`), DEL `␡`, and every other one its escape as text (`\u009b`); line breaks and tabs stay.
 * So OSC 52 (a clipboard write), CSI 2J (a screen clear) or a carriage return before a fake progress line print as
 * the characters they are. Reports in JSON keep the text as it was: JSON escapes it faithfully.
 */
export function visibleText(text: string): string {
  return text.replace(CONTROLS, (char) => {
    const code = char.charCodeAt(0);
    if (code < 0x20) return String.fromCharCode(0x2400 + code);
    if (code === 0x7f) return '\u2421';
    return `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/** Escapes text for HTML element content and quoted attributes, its control characters made visible (visibleText). */
export function escapeHtml(text: string | number): string {
  return visibleText(String(text)).replace(/[&<>"']/g, (char) => HTML_ENTITIES[char]!);
}

/** Escapes text for an XML attribute or element, its control characters made visible (visibleText), so the document stays well-formed. */
export function escapeXml(text: string): string {
  return visibleText(text).replace(/[&<>"]/g, (char) => HTML_ENTITIES[char]!);
}

/**
 * Viber's JSON with its 64-bit numbers kept whole: a `message_token` (4912661846655238145) is
 * beyond what a JavaScript number holds exactly, and two replies' tokens would read as one. Every
 * integer literal of 16 digits or more outside a string is quoted before parsing, so it arrives
 * as text; the text inside strings (a customer's words) is never touched.
 */
export function parseViberJson(text: string): unknown {
  let out = '';
  let inString = false;
  let index = 0;
  while (index < text.length) {
    const char = text.charAt(index);
    if (inString) {
      out += char;
      if (char === '\\') {
        out += text.charAt(index + 1);
        index += 2;
        continue;
      }
      if (char === '"') inString = false;
      index += 1;
      continue;
    }
    if (char === '"') {
      inString = true;
      out += char;
      index += 1;
      continue;
    }
    const number = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(index, index + 40));
    if (number && /[-\d]/.test(char)) {
      const literal = number[0];
      const whole = literal.replace('-', '');
      out += /^\d{16,}$/.test(whole) ? `"${literal}"` : literal;
      index += literal.length;
      continue;
    }
    out += char;
    index += 1;
  }
  return JSON.parse(out);
}

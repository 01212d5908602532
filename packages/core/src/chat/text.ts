/**
 * Text people type into the chat room and the support chat. The chat room
 * is public, so a message keeps only plain words: markup and links are
 * removed (a link in a public room is how phishing starts), control
 * characters go, and runs of spaces collapse. Support messages keep links
 * (an operator may send a help article) but lose markup and control
 * characters too.
 */

export const CHAT_ROOM_MAX_LENGTH = 200;
export const SUPPORT_MESSAGE_MAX_LENGTH = 2000;

const MARKUP = /<[^<>]*>/g;
const ANGLE_BRACKETS = /[<>]/g;
// Web addresses with a scheme or a www. prefix, bare domains with a common top-level domain, and e-mail-style links.
const LINKS = /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S*|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|me|cc|co|xyz|top|info|app|link|site|online|ru|cn|tk|gg|ly)\b\S*|\bmailto:\S*|\bt\.me\/\S*/gi;
/** C0 and C1 controls except tab and line feed, and the invisible characters (direction overrides, zero widths) used to disguise text. */
function isHiddenCharacter(code: number): boolean {
  return (
    (code <= 0x1f && code !== 0x09 && code !== 0x0a) ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0xfeff
  );
}

function withoutHiddenCharacters(input: string): string {
  let result = '';
  for (const character of input) if (!isHiddenCharacter(character.codePointAt(0) as number)) result += character;
  return result;
}

/** Plain text with markup and control characters removed and surrounding space trimmed; line breaks are kept (at most two in a row). */
export function plainMessageText(input: string): string {
  return withoutHiddenCharacters(input.replace(/\r\n?/g, '\n'))
    .replace(MARKUP, ' ')
    .replace(ANGLE_BRACKETS, '')
    .replace(/[ \t]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A chat-room message: plain text on one line, without links. Empty when nothing is left to post. */
export function chatRoomText(input: string): string {
  return plainMessageText(input.replace(/\n/g, ' ').replace(MARKUP, ' ').replace(LINKS, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

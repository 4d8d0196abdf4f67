// The characters an operational form's text may not hold (issue 23). Its values go into the
// batch files, whose receiving systems read them line by line, and onto the screens of the
// operations team: a line break would plant a line of its own in the file (a second trailer),
// and a text-direction mark would show an identifier other than the one stored.

// C0 controls (line feed, carriage return, tab…), DEL and C1 controls (NEL among them); the line
// and paragraph separators U+2028/U+2029; the bidirectional marks, embeddings, overrides and
// isolates (U+200E, U+200F, U+061C, U+202A–U+202E, U+2066–U+2069).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its job
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its job
const EVERY_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function hasUnsafeFormCharacter(text: string): boolean {
  return UNSAFE.test(text);
}

/** The text with every unsafe character removed: the batch file writer's own defence. */
export function withoutUnsafeFormCharacters(text: string): string {
  return text.replace(EVERY_UNSAFE, '');
}

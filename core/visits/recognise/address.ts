// Does a location read as a home (a street address or a place with a ZIP code, not an office, clinic or video
// link), and is there an "Address:" line in the description when the location is empty?

const STREET =
  /\b(?:st|street|ave|avenue|rd|road|blvd|boulevard|dr|drive|ln|lane|ct|court|way|pl|place|ter|terrace|cir|circle|pkwy|parkway|hwy|highway|trl|trail|sq|square|loop|row|pike|run|path|walk|crossing|xing|pt|point|cv|cove|aly|alley|expy|fwy|route|rte|apt|unit|#)\b\.?/i;
const HOUSE_NUMBER = /(?:^|\s)\d{1,6}[A-Za-z]?\s+\p{L}/u;
const ZIP = /\b\d{5}(?:-\d{4})?\b/;
const STATE_ZIP = /,\s*[A-Z]{2}\s+\d{5}\b/;
const NOT_A_HOME =
  /https?:|zoom|teams\.microsoft|meet\.google|webex|\boffice\b|\bclinic\b|\bhospital\b|medical (?:center|centre|plaza|building)|\bstarbucks\b|\bcaf[eé]\b|\brestaurant\b|\bschool\b|\bgym\b|\bchurch\b|\bairport\b|conference room|\bhq\b|headquarters/i;

export function looksLikeHomeAddress(text: string): boolean {
  if (NOT_A_HOME.test(text)) return false;
  return (HOUSE_NUMBER.test(text) && (STREET.test(text) || ZIP.test(text))) || STATE_ZIP.test(text);
}

/** An "Address: …" (or "Addr", "Location") line of the description, when it reads as an address. */
export function addressInDescription(description: string): string | null {
  const text = description.replace(/<[^>]*>/g, '\n');
  const line = /^\s*(?:address|addr|location|home)\s*[:#-]\s*(.+)$/im.exec(text)?.[1]?.trim();
  return line && looksLikeHomeAddress(line) ? line : null;
}

// `s.replace(/x+$/, '')` is quadratic: on a long run of x followed by anything else, the regex
// engine scans the run again from each of its positions (issue 25, regexp/no-super-linear-move).
// This walks back from the end once.

/** `s` without the trailing characters that are in `chars` ("https://a//" , "/" → "https://a"). */
export function trimEndChars(s: string, chars: string): string {
  let end = s.length;
  while (end > 0 && chars.includes(s[end - 1]!)) end--;
  return s.slice(0, end);
}

/** `s` cut to at most `max` characters, an ellipsis marking the cut («…»). */
export function clip(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`;
}

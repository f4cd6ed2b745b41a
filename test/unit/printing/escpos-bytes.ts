// Byte helpers for ESC/POS assertions: the Spanish letters of code page 850 and command lookup.

// CP850 positions of the characters Spanish needs (IBM code page 850 table).
const CP850: Record<string, number> = {
  á: 0xa0, é: 0x82, í: 0xa1, ó: 0xa2, ú: 0xa3, ñ: 0xa4, Ñ: 0xa5, ü: 0x81, Ü: 0x9a,
  Á: 0xb5, É: 0x90, Í: 0xd6, Ó: 0xe0, Ú: 0xe9, '¿': 0xa8, '¡': 0xad, '°': 0xf8, º: 0xa7, ª: 0xa6,
};

export function cp850(text: string): Buffer {
  return Buffer.from([...text].map((ch) => CP850[ch] ?? ch.charCodeAt(0)));
}

export function includesBytes(haystack: Buffer, needle: number[] | Buffer): boolean {
  return haystack.indexOf(Buffer.isBuffer(needle) ? needle : Buffer.from(needle)) >= 0;
}

/**
 * The tag typed, or read by a scanner that types what it reads: a label's QR code holds
 * "<app>/t/<tag>", so the tag is taken from such an address.
 */
export function tagFromText(text: string): string {
  const trimmed = text.trim();
  const fromUrl = /\/t\/([^/?#\s]+)/.exec(trimmed)?.[1];
  const raw = fromUrl ?? trimmed;
  try {
    return decodeURIComponent(raw).toUpperCase();
  } catch {
    // A stray "%" typed by hand: the text as it is.
    return raw.toUpperCase();
  }
}

import { MAX_IMAGE_BYTES } from "@kunto/core";
import { fail } from "./errors";

const IMAGE_SIGNATURES: Array<{ type: string; bytes: number[] }> = [
  { type: "image/png", bytes: [0x89, 0x50, 0x4e, 0x47] },
  { type: "image/jpeg", bytes: [0xff, 0xd8, 0xff] },
  { type: "image/webp", bytes: [0x52, 0x49, 0x46, 0x46] },
];

/**
 * An uploaded picture (base64): PNG, JPEG or WebP of at most 2 MB, its type read from its first
 * bytes, never from its name; anything else answers 400 `invalid_image`. Used by the profile
 * picture and the organisation's logo.
 */
export function decodeImage(dataBase64: string): { data: Buffer; contentType: string } {
  const data = Buffer.from(dataBase64, "base64");
  if (data.length === 0 || data.length > MAX_IMAGE_BYTES) fail("invalid_image");
  const kind = IMAGE_SIGNATURES.find((s) => s.bytes.every((b, i) => data[i] === b));
  if (!kind) return fail("invalid_image");
  return { data, contentType: kind.type };
}

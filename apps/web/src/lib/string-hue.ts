/**
 * A stable hue for a string (document 1 §9: a string hash modulo 200), so a person without a
 * picture keeps the same avatar colour everywhere.
 */
export function stringHue(value: string): number {
  let hash = 0;
  for (let i = 0; i < value.length; i++) hash = (Math.imul(hash, 31) + value.charCodeAt(i)) | 0;
  return Math.abs(hash) % 200;
}

import { encode } from "uqr";

/** A QR code drawn as SVG in the page (no request leaves the browser with the secret). */
export function QrCode({ value, size = 180, label }: { value: string; size?: number; label: string }) {
  const { data } = encode(value, { ecc: "M", border: 2 });
  const cells = data.length;
  const path = data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ""))).join("");
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${cells} ${cells}`}
      shapeRendering="crispEdges"
      role="img"
      aria-label={label}
      style={{ background: "#fff", borderRadius: 8 }}
    >
      <title>{label}</title>
      <path d={path} fill="#000" />
    </svg>
  );
}

/**
 * A donut of percentages, drawn in SVG. It is decoration: the caller gives the same numbers as
 * text beside it, so it is hidden from screen readers. (Mantine's RingProgress would bring its
 * tooltip and the positioning library onto the dashboard's first load.)
 */
export function Donut({
  size,
  thickness,
  sections,
}: {
  size: number;
  thickness: number;
  /** Percentages of the whole ring, in drawing order from twelve o'clock clockwise; CSS colours. */
  sections: ReadonlyArray<{ value: number; color: string }>;
}) {
  const radius = (size - thickness) / 2;
  const circumference = 2 * Math.PI * radius;
  const ring = { cx: size / 2, cy: size / 2, r: radius, fill: "none", strokeWidth: thickness };
  let start = 0;
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${size} ${size}`}
      aria-hidden="true"
      focusable="false"
      style={{ transform: "rotate(-90deg)", flex: "none" }}
    >
      <circle {...ring} stroke="var(--mantine-color-gray-2)" />
      {sections.map((section, index) => {
        const length = (Math.max(0, section.value) / 100) * circumference;
        const arc = (
          <circle
            // The sections are a fixed list in a fixed order, with no other identity.
            key={index}
            {...ring}
            stroke={section.color}
            strokeDasharray={`${length} ${circumference - length}`}
            strokeDashoffset={-start}
          />
        );
        start += length;
        return arc;
      })}
    </svg>
  );
}

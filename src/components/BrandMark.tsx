/** The academy's mark: a small drawn spark, no external image. */
export const BrandMark = ({ size = 44 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
    <circle cx="24" cy="24" r="23" fill="#5b3fa8" />
    <path d="M24 9l3.6 9.4L37 22l-9.4 3.6L24 35l-3.6-9.4L11 22l9.4-3.6z" fill="#ffd166" />
    <circle cx="35" cy="34" r="3" fill="#e8663d" />
  </svg>
);

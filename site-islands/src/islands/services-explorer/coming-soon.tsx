/** The veil and label over a service that is not offered yet. */
export function ComingSoon({ label }: { label: string }) {
  return (
    <span className="coming-soon">
      <span className="coming-soon-label">{label}</span>
    </span>
  )
}

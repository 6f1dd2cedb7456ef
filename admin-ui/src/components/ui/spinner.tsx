type SpinnerProps = { label: string };

export function Spinner({ label }: SpinnerProps) {
  return (
    <div className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** The reports queue: reported content as it was, newest and most reported first, one-key actions. */
export function ReportsTab() {
  return <p className="bb-muted">REPORTS</p>;
}

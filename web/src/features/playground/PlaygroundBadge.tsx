/** Marks a playground portfolio wherever it appears: a sandbox, never in net worth, the community or achievements. */
export function PlaygroundBadge() {
  return (
    <span className="badge playground-badge" title="A sandbox: not counted in net worth, the community or achievements">
      Playground
    </span>
  );
}

import { PortfolioPage } from "../portfolio/PortfolioPage.tsx";

/** /playground: the portfolio screen on an unsaved playground draft (PortfolioPage's `playground`). */
export function PlaygroundPage() {
  return <PortfolioPage playground />;
}

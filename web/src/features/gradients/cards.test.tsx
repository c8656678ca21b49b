import { contrastRatio, GRADIENTS, gradientFromSlug } from "@folio/proto/gradients";
import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { PortfolioListItem } from "../../app/apiTypes.ts";
import { mockApi, portfolioFixture, renderApp, renderWithProviders, signedInState } from "../../test-utils.tsx";
import { CommunityCard } from "../community/CommunityCard.tsx";
import { PortfolioCard } from "../dashboard/PortfolioCard.tsx";
import { portfolioReply } from "../portfolio/portfolioFixtures.ts";

vi.mock("react-apexcharts", () => import("../../components/ApexChartStub.tsx"));

beforeAll(async () => {
  await import("../portfolio/PortfolioPage.tsx");
});

const item = (over: Partial<PortfolioListItem>): PortfolioListItem => ({
  pname: "Sandbox",
  slug: "sandbox-a1b2c3",
  marketValue: null,
  playGround: false,
  privateMode: true,
  historicalData: null,
  created_at: "2026-01-02T10:00:00.000Z",
  assets: [],
  provider: null,
  ...over,
});

const banner = (card: HTMLElement) => card.querySelector(".card-banner") as HTMLElement;
const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

describe("portfolio cards", () => {
  it("show the owner's gradient with white text, and mark a playground and an unlisting", () => {
    renderWithProviders(
      <PortfolioCard
        portfolio={item({ playGround: true, gradient: 9, unlisted: { reason: "Spam", at: "2026-11-20T10:00:00.000Z" } })}
        onDelete={() => undefined}
      />,
    );
    const card = screen.getByRole("article", { name: /Sandbox/ });
    expect(banner(card).dataset.gradient).toBe("9");
    const g = GRADIENTS[8]!;
    expect(banner(card).style.backgroundImage).toBe(`linear-gradient(135deg, ${rgb(g.from)}, ${rgb(g.to)})`);
    expect(banner(card).style.color).toBe("rgb(255, 255, 255)");
    expect(contrastRatio(g.text, g.from)).toBeGreaterThanOrEqual(4.5);
    expect(within(card).getByText("Playground")).toBeTruthy();
    expect(card.textContent).toContain("not in net worth");
    expect(within(card).getByRole("note").textContent).toContain("Unlisted from the community by an admin: Spam");
  });

  it("fall back to the slug's gradient, the same on the dashboard and in the community", () => {
    renderWithProviders(
      <>
        <PortfolioCard portfolio={item({ slug: "growth-x9", pname: "Growth" })} onDelete={() => undefined} />
        <CommunityCard card={{ slug: "growth-x9", pName: "Growth", totalValue: 1, growth: 1, pDescription: "", allHistory: {} }} />
      </>,
    );
    const [mine, community] = screen.getAllByRole("article");
    expect(banner(mine!).dataset.gradient).toBe(String(gradientFromSlug("growth-x9")));
    expect(banner(community!).dataset.gradient).toBe(String(gradientFromSlug("growth-x9")));
    expect(within(mine!).queryByText("Playground")).toBeNull();
  });
});

describe("card and playground settings", () => {
  it("save the gradient picked and the playground switch for the owner", async () => {
    const growth = portfolioFixture({ slug: "growth", pName: "Growth", autoSave: false });
    const api = mockApi({
      "POST /v1/get/portfolio/growth": portfolioReply(growth),
      "POST /v1/update/portfoliosettings/growth": { body: { message: "pupdated" } },
    });
    const { user } = renderApp({ route: "/p/growth", preloadedState: signedInState() });
    const section = await screen.findByRole("region", { name: "Card and playground" });
    const update = within(section).getByRole("button", { name: "Update card" }) as HTMLButtonElement;
    expect(update.disabled).toBe(true);
    expect((within(section).getByRole("radio", { name: /Automatic/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(section).getByRole("radio", { name: "Gradient 5: Orchid" }));
    await user.click(within(section).getByRole("checkbox", { name: /Playground/ }));
    await user.click(update);
    expect(api.callsTo("POST /v1/update/portfoliosettings/growth")[0]!.body).toEqual({ settings: { playGround: true, gradient: 5 } });
  });
});

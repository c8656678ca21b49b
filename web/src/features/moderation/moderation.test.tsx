import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Portfolio } from "../../app/apiTypes.ts";
import { mockApi, portfolioFixture, renderApp, signedInState, testUser } from "../../test-utils.tsx";

vi.mock("react-apexcharts", () => import("../../components/ApexChartStub.tsx"));

beforeAll(async () => {
  await Promise.all([import("../portfolio/PortfolioPage.tsx"), import("./ModerationPage.tsx")]);
});

const listed = { slug: "growth", pName: "Growth", unlisted: false, reason: null, at: null };
const unlisted = { slug: "growth", pName: "Growth", unlisted: true, reason: "Spam links", at: "2026-11-20T10:00:00.000Z" };

function reply(data: Portfolio, state: { notOwner: boolean; isAdmin: boolean }, moderation?: object) {
  return { body: { data, valuation: null, has_updates: false, state, ...(moderation ? { moderation } : {}) } };
}

const growth = portfolioFixture({ slug: "growth", pName: "Growth", privateMode: false, autoSave: false });
const admin = () => ({ auth: { idToken: "token-mod", user: { ...testUser, uid: "u-mod", isAdmin: true }, modal: null } });

describe("moderation on the portfolio page", () => {
  it("tells the owner their portfolio was unlisted, and why", async () => {
    mockApi({ "POST /v1/get/portfolio/growth": reply(growth, { notOwner: false, isAdmin: false }, unlisted) });
    renderApp({ route: "/p/growth", preloadedState: signedInState() });
    const notice = await screen.findByRole("alert");
    expect(notice.textContent).toContain("Unlisted from the community");
    expect(notice.textContent).toContain("Spam links");
    expect(notice.textContent).toContain("Nov 20, 2026");
    // the owner is no admin: no moderation form
    expect(screen.queryByRole("region", { name: "Moderation" })).toBeNull();
  });

  it("lets an admin unlist a public portfolio with a reason, then shows it unlisted", async () => {
    let current = listed as object;
    const api = mockApi({
      "POST /v1/get/portfolio/growth": () => reply(growth, { notOwner: true, isAdmin: true }, current),
      "POST /v1/admin/unlist/growth": () => {
        current = unlisted;
        return { body: { message: "unlist", slug: "growth" } };
      },
    });
    const { user } = renderApp({ route: "/p/growth", preloadedState: admin() });
    const panel = await screen.findByRole("region", { name: "Moderation" });
    expect(panel.textContent).toContain("Listed in the community.");
    const button = within(panel).getByRole("button", { name: "Unlist from the community" }) as HTMLButtonElement;
    // a reason is required
    expect(button.disabled).toBe(true);
    await user.type(within(panel).getByLabelText("Reason to unlist (the owner sees it)"), "Spam links");
    await user.click(button);
    expect(api.callsTo("POST /v1/admin/unlist/growth")[0]!.body).toEqual({ reason: "Spam links" });
    expect(api.callsTo("POST /v1/admin/unlist/growth")[0]!.authorization).toBe("Bearer token-mod");
    expect(await within(panel).findByText("Unlisted from the community. Reason: Spam links")).toBeTruthy();
    expect(within(panel).getByRole("button", { name: "Restore to the community" })).toBeTruthy();
  });

  it("shows nothing to a reader who is not an admin", async () => {
    mockApi({ "POST /v1/get/portfolio/growth": reply(growth, { notOwner: true, isAdmin: false }) });
    renderApp({ route: "/p/growth", preloadedState: signedInState() });
    await screen.findByRole("heading", { name: "Growth" });
    expect(screen.queryByRole("region", { name: "Moderation" })).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("/moderation", () => {
  it("lists what is unlisted and every action with who, when and why, for admins", async () => {
    mockApi({
      "POST /v1/admin/moderation": {
        body: {
          unlisted: [unlisted],
          log: [
            {
              id: "l1",
              action: "unlist",
              slug: "growth",
              pName: "Growth",
              reason: "Spam links",
              by: { uid: "u-mod", email: "mod@example.com" },
              at: "2026-11-20T10:00:00.000Z",
            },
          ],
        },
      },
    });
    renderApp({ route: "/moderation", preloadedState: admin() });
    const table = await screen.findByRole("table");
    const row = within(table).getAllByRole("row")[1]!;
    expect(row.textContent).toContain("Unlisted");
    expect(row.textContent).toContain("Spam links");
    expect(row.textContent).toContain("mod@example.com");
    expect(screen.getByRole("link", { name: "Growth" }).getAttribute("href")).toBe("/p/growth");
    expect(screen.getByRole("link", { name: "Moderation" })).toBeTruthy();
  });

  it("asks nothing for someone who is not an admin", async () => {
    const api = mockApi({});
    renderApp({ route: "/moderation", preloadedState: signedInState() });
    expect(await screen.findByText("Only an admin can moderate the community.")).toBeTruthy();
    expect(api.callsTo("POST /v1/admin/moderation")).toHaveLength(0);
    expect(screen.queryByRole("link", { name: "Moderation" })).toBeNull();
  });
});

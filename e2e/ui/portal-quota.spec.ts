import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, signInAs, test, type DemoUser } from "../fixtures/portal";

/** The pages every role can open, in the order a treasury team clicks through them. */
const ROUTES = [
  { link: "Dashboard", path: "/dashboard" },
  { link: "Accounts", path: "/accounts" },
  { link: "Payments", path: "/payments" },
  { link: "Virtual accounts", path: "/virtual-accounts" },
  { link: "System", path: "/system" },
] as const;
/**
 * 90 page views in all, 30 per user, three users at once: enough that a token mint, a clock sync or a
 * quota charge per page would show many times over (a mint per page is 30 against the 3 allowed). The walk
 * was 300 per user, then 100, then 50, and still among the slowest files of the suite (docs/testing.md).
 */
const PAGES_PER_USER = 30;
/** Every so many pages a full reload (two per user): the token and the clock sync must survive it, not be fetched again. */
const RELOAD_EVERY = 10;
/** The portal's per-user quota per window (PORTAL_RATE_LIMIT_MAX's default, lib/server/core/config.ts). */
const PORTAL_QUOTA = 3000;
/** A user who opens this many pages within one window stays inside it: what the walk's per-page cost must allow. */
const PAGES_PER_WINDOW = 300;

/** The client's API quota as the API reports it to the client's own integration (one counted request). */
async function clientQuotaRemaining(request: APIRequestContext): Promise<number> {
  const token = await request.post("/v1/oauth/token", { form: { grant_type: "client_credentials", client_id: "acme", client_secret: "acme-uat-secret" } });
  expect(token.status()).toBe(200);
  const { access_token } = (await token.json()) as { access_token: string };
  const time = await request.get("/v1/system/time", { headers: { authorization: `Bearer ${access_token}` } });
  expect(time.status()).toBe(200);
  return Number(time.headers()["ratelimit-remaining"]);
}

type Traffic = { tooMany: string[]; mints: number; clockSyncs: number; apiCalls: number };

async function browse(browser: Browser, user: DemoUser): Promise<Traffic> {
  const context = await browser.newContext();
  const page: Page = await context.newPage();
  await signInAs(page.request, user);
  const traffic: Traffic = { tooMany: [], mints: 0, clockSyncs: 0, apiCalls: 0 };
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (response.status() === 429) traffic.tooMany.push(url.pathname);
    if (url.pathname === "/api/portal/token") traffic.mints++;
    if (url.pathname === "/v1/system/time") traffic.clockSyncs++;
    if (url.pathname.startsWith("/v1/")) traffic.apiCalls++;
  });
  await page.goto("/dashboard");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (let i = 1; i < PAGES_PER_USER; i++) {
    const route = ROUTES[i % ROUTES.length]!;
    if (i % RELOAD_EVERY === 0) await page.goto(route.path);
    else await nav.getByRole("link", { name: route.link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${route.path}$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  // The last page's own requests have come back with a quota figure.
  await expect(page.getByTestId("own-quota")).not.toContainText("—");
  await context.close();
  return traffic;
}

test("three users browse 30 pages each: no 429, one mint and clock sync per few minutes, 300 pages fit the portal quota, the client's API quota untouched", async ({
  browser,
  page,
}) => {
  // 90 page views; 900 took about 10 minutes on 2 cores with a load average of 24 (about 0.9 s a view).
  test.setTimeout(600_000);
  const before = await clientQuotaRemaining(page.request);
  const traffic = await Promise.all((["treasurer", "viewer", "admin"] as const).map((user) => browse(browser, user)));
  for (const t of traffic) {
    expect(t.tooMany).toEqual([]);
    // One mint per token lifetime (5 minutes) and one clock sync per five minutes, not one per page.
    expect(t.mints).toBeLessThanOrEqual(3);
    expect(t.clockSyncs).toBeLessThanOrEqual(2);
    expect(t.apiCalls).toBeGreaterThan(0);
    // The portal requests a page costs, at PAGES_PER_WINDOW pages, stay inside the user's own quota.
    expect(((t.apiCalls + t.mints) * PAGES_PER_WINDOW) / PAGES_PER_USER).toBeLessThan(PORTAL_QUOTA);
  }
  // Only the probe itself was counted against the client.
  expect(await clientQuotaRemaining(page.request)).toBe(before - 1);
});

test("the header: each user's own quota, and for an admin the client's API quota, which integrations spend", async ({ browser, page }) => {
  await signInAs(page.request, "admin");
  await page.goto("/accounts");
  const meter = page.getByTestId("client-quota");
  const left = async () => {
    await expect(meter).toHaveAttribute("title", /^[\d,]+ of [\d,]+ of the client's API requests \(integrations\) left$/);
    return Number((await meter.getAttribute("title"))!.split(" of ")[0]!.replace(/,/g, ""));
  };
  await expect(meter).toContainText("Client API");
  await expect(page.getByTestId("own-quota")).toHaveAttribute("title", /^[\d,]+ of [\d,]+ of your portal requests left$/);
  const before = await left();
  // Two requests of the client's own integration; the portal's requests are not counted there.
  await clientQuotaRemaining(page.request);
  await clientQuotaRemaining(page.request);
  await page.reload();
  await expect.poll(left).toBe(before - 2);

  // Not an admin: only their own quota.
  const context = await browser.newContext();
  const treasurer = await context.newPage();
  await signInAs(treasurer.request, "treasurer");
  await treasurer.goto("/accounts");
  await expect(treasurer.getByTestId("own-quota")).toHaveAttribute("title", /of your portal requests left$/);
  await expect(treasurer.getByTestId("client-quota")).toHaveCount(0);
  await context.close();
});

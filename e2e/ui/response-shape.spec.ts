import { expect, test } from "../fixtures/portal";

/**
 * The portal parses every answer with the contract's schema (docs/portal.md, "How the portal reads a response"): a
 * body the contract does not describe, as a server deployed out of step or a proxy would send it, is the page's error
 * state in words, not a crash and not a half-drawn table.
 */
test("an answer that does not match the contract is the page's error state, not a crash", async ({ page, signIn }) => {
  await signIn("viewer");
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  // The real API answers; the page receives its body with the pagination taken out.
  await page.route(/\/v1\/accounts\?/, async (route) => {
    const response = await route.fetch();
    const body: unknown = await response.json();
    await route.fulfill({ response, json: { ...(typeof body === "object" ? body : {}), meta: {} } });
  });
  await page.goto("/accounts");
  await expect(page.getByRole("alert").filter({ hasText: "The bank's answer could not be read" })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("alert").filter({ hasText: "Reload the page" })).toBeVisible();
  expect(errors).toEqual([]);
});

import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { AppError } from "~/services/errors";
import { formRefusal, runPublicForm } from "./public-form.server";
import { clientIpContext, rateLimitRefusalContext } from "./request-context.server";

const FORM = { fields: ["name", "email"] as const, maxBytes: 1024, tooLarge: "Too large." };

function post(body: string, type = "application/x-www-form-urlencoded") {
  return new Request("http://localhost/about", { method: "POST", body, headers: { "Content-Type": type } });
}

function context(refusal: string | null = null) {
  return new RouterContextProvider(
    new Map([
      [clientIpContext, "203.0.113.9"],
      [rateLimitRefusalContext, refusal],
    ]),
  );
}

describe("runPublicForm", () => {
  it("hands the form's own fields and the honeypot to the save, with the sender's address", async () => {
    const seen: unknown[] = [];
    const outcome = await runPublicForm(
      post("name=Rosa&email=r%40example.com&website_url=bot&other=x"),
      context(),
      FORM,
      async (input, ip) => {
        seen.push(input, ip);
        return 7;
      },
    );
    expect(seen).toEqual([{ name: "Rosa", email: "r@example.com", website_url: "bot" }, "203.0.113.9"]);
    expect(outcome).toEqual({ ok: true, saved: 7, values: { name: "Rosa", email: "r@example.com" } });
  });

  it("refuses a sender over the limit with 429 after reading the values, and saves nothing", async () => {
    let saved = false;
    const outcome = await runPublicForm(post("name=Rosa"), context("Too many requests."), FORM, async () => {
      saved = true;
    });
    expect(saved).toBe(false);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect([outcome.status, outcome.error.message, outcome.values]).toEqual([429, "Too many requests.", { name: "Rosa" }]);
    expect(formRefusal(outcome, "k")).toEqual({
      status: "refused",
      message: "Too many requests.",
      fieldErrors: {},
      values: { name: "Rosa" },
      key: "k",
    });
  });

  it("answers a body over the size with 413 and one that is not a form with 400", async () => {
    const large = await runPublicForm(post(`name=${"a".repeat(2048)}`), context(), FORM, async () => 1);
    expect(large.ok ? 200 : [large.status, large.error.message]).toEqual([413, "Too large."]);
    const json = await runPublicForm(post('{"name":"Rosa"}', "application/json"), context(), FORM, async () => 1);
    expect(json.ok ? 200 : json.status).toBe(400);
  });

  it("turns the save's AppError into its status and field errors, and lets any other error through", async () => {
    const invalid = await runPublicForm(post("name="), context(), FORM, async () => {
      throw new AppError("bad_request", "Please check the form.", { name: "Enter a name." });
    });
    expect(invalid.ok).toBe(false);
    if (invalid.ok) return;
    expect(invalid.status).toBe(400);
    expect(formRefusal(invalid, "k")).toMatchObject({ status: "invalid", fieldErrors: { name: "Enter a name." }, values: { name: "" } });
    await expect(
      runPublicForm(post("name=Rosa"), context(), FORM, async () => {
        throw new Error("disk full");
      }),
    ).rejects.toThrow("disk full");
  });
});

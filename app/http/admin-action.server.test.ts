import { describe, expect, it } from "vitest";
import { formToObject } from "./admin-action.server";

describe("formToObject", () => {
  it("keeps a field named __proto__ as an own value and never changes the object's prototype", () => {
    const form = new FormData();
    form.append("__proto__", "polluted");
    form.append("__proto__", "twice");
    form.append("name", "Rose Market");
    const values = formToObject(form);
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype);
    expect(Object.hasOwn(values, "__proto__")).toBe(true);
    expect(Object.getOwnPropertyDescriptor(values, "__proto__")?.value).toEqual(["polluted", "twice"]);
    expect(values.name).toBe("Rose Market");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("makes repeated names arrays and leaves files out", () => {
    const form = new FormData();
    form.append("city", "Boise");
    form.append("city", "Nampa");
    form.append("image", new File(["x"], "x.png"));
    expect(formToObject(form)).toEqual({ city: ["Boise", "Nampa"] });
  });
});

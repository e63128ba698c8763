import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "../form-fields";
import { REPORT_KINDS, REPORT_LIMITS, REPORT_MESSAGES, reportKindLabel } from "./report-form";
import { listingReportSchema } from "./report-schema";

const errorsOf = (input: unknown) => {
  const parsed = listingReportSchema.safeParse(input);
  return parsed.success ? {} : fieldErrorsOf(parsed.error);
};

describe("listingReportSchema", () => {
  it("accepts each kind with the details and email trimmed, empty ones as '' and null", () => {
    for (const kind of REPORT_KINDS.filter((k) => k !== "other")) {
      expect(listingReportSchema.parse({ kind })).toEqual({ kind, details: "", email: null });
    }
    expect(listingReportSchema.parse({ kind: "closed", details: "  Shuttered in May.  ", email: " ana@example.com " })).toEqual({
      kind: "closed",
      details: "Shuttered in May.",
      email: "ana@example.com",
    });
    expect(listingReportSchema.parse({ kind: "wrong-address", details: "   ", email: "   " })).toEqual({
      kind: "wrong-address",
      details: "",
      email: null,
    });
  });

  it("asks what is wrong when no kind, or one it does not know, is chosen", () => {
    expect(errorsOf({})).toEqual({ kind: REPORT_MESSAGES.kindRequired });
    expect(errorsOf({ kind: "spam" })).toEqual({ kind: REPORT_MESSAGES.kindRequired });
  });

  it("asks for details when the problem is 'Something else'", () => {
    expect(errorsOf({ kind: "other", details: "  " })).toEqual({ details: REPORT_MESSAGES.detailsRequired });
    expect(errorsOf({ kind: "other", details: "They only sell plants now." })).toEqual({});
  });

  it("refuses an invalid email address and over-long details, one message per field", () => {
    expect(errorsOf({ kind: "closed", email: "not-an-email", details: "x".repeat(REPORT_LIMITS.details + 1) })).toEqual({
      email: REPORT_MESSAGES.invalidEmail,
      details: "Details must be at most 2000 characters.",
    });
    expect(errorsOf({ kind: "closed", details: "x".repeat(REPORT_LIMITS.details) })).toEqual({});
    expect(errorsOf({ kind: "closed", email: `${"a".repeat(250)}@example.com` })).toEqual({ email: REPORT_MESSAGES.invalidEmail });
  });
});

describe("reportKindLabel", () => {
  it("names each kind for people and shows an unknown stored kind as it is", () => {
    expect(REPORT_KINDS.map(reportKindLabel)).toEqual([
      "Closed for good",
      "Wrong address",
      "Wrong phone number or hours",
      "Not a flower supplier",
      "Something else",
    ]);
    expect(reportKindLabel("legacy-kind")).toBe("legacy-kind");
  });
});

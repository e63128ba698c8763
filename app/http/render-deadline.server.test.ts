import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderDeadline } from "./render-deadline.server";

describe("renderDeadline", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("aborts a render whose page is still being sent when the time is up", () => {
    const abort = vi.fn();
    renderDeadline(abort, 6_000).until(new PassThrough());
    vi.advanceTimersByTime(5_999);
    expect(abort).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(abort).toHaveBeenCalledOnce();
  });

  it("lets go of a render once its page is sent: no timer is left waiting", async () => {
    const abort = vi.fn();
    const page = new PassThrough();
    renderDeadline(abort, 6_000).until(page);
    expect(vi.getTimerCount()).toBe(1);
    page.resume();
    page.end("<html></html>");
    await vi.waitFor(() => expect(page.closed).toBe(true));
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(abort).not.toHaveBeenCalled();
  });

  it("is cancelled when the shell fails and nothing is sent", () => {
    const abort = vi.fn();
    renderDeadline(abort, 6_000).cancel();
    expect(vi.getTimerCount()).toBe(0);
  });
});

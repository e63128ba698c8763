import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wff-env-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const parse = (extra: NodeJS.ProcessEnv) => parseEnv({ DATA_DIR: dataDir, ...extra });

describe("JOB_STEP_PAUSE_MS", () => {
  it("is 0 when unset, and a whole number of milliseconds up to 10000 when set", () => {
    expect(parse({}).JOB_STEP_PAUSE_MS).toBe(0);
    expect(parse({ JOB_STEP_PAUSE_MS: "200" }).JOB_STEP_PAUSE_MS).toBe(200);
    expect(parse({ JOB_STEP_PAUSE_MS: "10000" }).JOB_STEP_PAUSE_MS).toBe(10_000);
  });

  it.each([
    ["-1", "must be 0 or more"],
    ["1.5", "must be a whole number of milliseconds"],
    ["soon", "must be a whole number of milliseconds"],
    ["10001", "must be at most 10000"],
  ])("refuses %s, naming the variable", (value, message) => {
    expect(() => parse({ JOB_STEP_PAUSE_MS: value })).toThrow(EnvError);
    expect(() => parse({ JOB_STEP_PAUSE_MS: value })).toThrow(`JOB_STEP_PAUSE_MS: ${message}`);
  });
});

describe("KEEP_ALIVE_TIMEOUT", () => {
  it("is 5 seconds when unset, and a whole number of seconds from 1 to 600 when set", () => {
    expect(parse({}).KEEP_ALIVE_TIMEOUT).toBe(5);
    expect(parse({ KEEP_ALIVE_TIMEOUT: "65" }).KEEP_ALIVE_TIMEOUT).toBe(65);
    expect(parse({ KEEP_ALIVE_TIMEOUT: "600" }).KEEP_ALIVE_TIMEOUT).toBe(600);
  });

  it.each([
    ["0", "must be at least 1"],
    ["2.5", "must be a whole number of seconds"],
    ["long", "must be a whole number of seconds"],
    ["601", "must be at most 600"],
  ])("refuses %s, naming the variable", (value, message) => {
    expect(() => parse({ KEEP_ALIVE_TIMEOUT: value })).toThrow(`KEEP_ALIVE_TIMEOUT: ${message}`);
  });
});

describe("METRICS_PORT", () => {
  it("is unset (no metrics) by default, and a port from 1 to 65535 when set", () => {
    expect(parse({}).METRICS_PORT).toBeUndefined();
    expect(parse({ METRICS_PORT: "" }).METRICS_PORT).toBeUndefined();
    expect(parse({ METRICS_PORT: "9464" }).METRICS_PORT).toBe(9464);
  });

  it.each([
    ["0", "must be a whole number from 1 to 65535"],
    ["70000", "must be a whole number from 1 to 65535"],
    ["94.5", "must be a whole number from 1 to 65535"],
    ["metrics", "must be a whole number from 1 to 65535"],
  ])("refuses %s, naming the variable", (value, message) => {
    expect(() => parse({ METRICS_PORT: value })).toThrow(EnvError);
    expect(() => parse({ METRICS_PORT: value })).toThrow(`METRICS_PORT: ${message}`);
  });

  it("refuses the public port", () => {
    expect(() => parse({ PORT: "3000", METRICS_PORT: "3000" })).toThrow("METRICS_PORT: must not be PORT (3000)");
  });
});

describe("SLOW_QUERY_MS", () => {
  it("is 100 ms by default; 0 logs every query", () => {
    expect(parse({}).SLOW_QUERY_MS).toBe(100);
    expect(parse({ SLOW_QUERY_MS: "0" }).SLOW_QUERY_MS).toBe(0);
    expect(parse({ SLOW_QUERY_MS: "2.5" }).SLOW_QUERY_MS).toBe(2.5);
  });

  it.each([
    ["-1", "must be a number of milliseconds, 0 or more"],
    ["slow", "must be a number of milliseconds, 0 or more"],
    ["600001", "must be at most 600000"],
  ])("refuses %s, naming the variable", (value, message) => {
    expect(() => parse({ SLOW_QUERY_MS: value })).toThrow(`SLOW_QUERY_MS: ${message}`);
  });
});

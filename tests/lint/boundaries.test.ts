import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The import boundaries of eslint.config.js, checked on code written for the purpose: each forbidden arrow
 * is reported, and the arrows the house allows are not.
 */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "../..") });

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = 1;\n`, {
    filePath: path.resolve(import.meta.dirname, "../..", file),
  });
  return (result?.messages ?? []).filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports").map((m) => m.message);
}

describe("import boundaries (eslint.config.js)", () => {
  it.each([
    [
      "app/services/festivals/example.server.ts",
      'import { loader } from "~/routes/public/home";\nvoid loader;',
      /services\/ may not import from a floor above/,
    ],
    [
      "app/services/festivals/example.server.ts",
      'import { Button } from "~/components/ui/button";\nvoid Button;',
      /services\/ may not import/,
    ],
    [
      "app/services/festivals/example.server.ts",
      'import { apiResponse } from "~/http/api.server";\nvoid apiResponse;',
      /services\/ may not import/,
    ],
    ["app/db/example.server.ts", 'import { AppError } from "~/services/errors";\nvoid AppError;', /db\/ may not import/],
    ["app/db/seed/example.ts", 'import { AppError } from "../../services/errors";\nvoid AppError;', /db\/ may not import/],
    ["app/utils/example.ts", 'import { AppError } from "~/services/errors";\nvoid AppError;', /utils\/ may not import/],
    ["app/utils/example.ts", 'import { pageMeta } from "~/http/meta";\nvoid pageMeta;', /utils\/ may not import/],
    ["app/utils/example.ts", 'import type { loader } from "~/root";\nexport type L = typeof loader;', /utils\/ may not import/],
    [
      "app/components/example.tsx",
      'import { getDb } from "~/db/db.server";\nvoid getDb;',
      /browser-safe module .* may not import a server-only module/,
    ],
    [
      "app/components/example.tsx",
      'import { listFestivals } from "~/services/festivals/festivals.server";\nvoid listFestivals;',
      /browser-safe module/,
    ],
    ["app/http/example.ts", 'import { runAdminAction } from "./admin-action.server";\nvoid runAdminAction;', /browser-safe module/],
    ["app/components/example.tsx", 'import { loader } from "~/routes/public/home";\nvoid loader;', /components\/ may not import/],
    [
      "app/components/example.tsx",
      'import type { Festival } from "~/services/festivals/festivals.server";\nexport type F = Festival;',
      /browser-safe module .* not even its types/,
    ],
  ])("%s: reports %s", async (file, code, message) => {
    const errors = await boundaryErrors(file, code);
    expect(errors).toEqual([expect.stringMatching(message)]);
  });

  it.each([
    [
      "app/routes/public/example.tsx",
      'import { getDb } from "~/db/db.server";\nimport { pageMeta } from "~/http/meta";\nvoid getDb; void pageMeta;',
    ],
    [
      "app/http/example.server.ts",
      'import { getDb } from "~/db/db.server";\nimport { AppError } from "~/services/errors";\nvoid getDb; void AppError;',
    ],
    [
      "app/services/festivals/example.server.ts",
      'import { getDb } from "~/db/db.server";\nimport { todayIsoDate } from "~/utils/dates";\nvoid getDb; void todayIsoDate;',
    ],
    [
      "app/components/example.tsx",
      'import type { Festival } from "~/services/festivals/types";\nimport type { ActionResult } from "~/http/action-result";\nimport { cn } from "~/utils/cn";\nexport type F = Festival | ActionResult;\nvoid cn;',
    ],
    ["app/services/geo/example.ts", 'import type { Database } from "~/db/schema";\nexport type D = Database;'],
    ["app/services/festivals/example.test.ts", 'import { apiResponse } from "~/http/api.server";\nvoid apiResponse;'],
  ])("%s: allows what the house allows", async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});

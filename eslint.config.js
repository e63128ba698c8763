import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/*
 * The house's floors, from the ground up (docs/adding-a-feature.md):
 *   utils/       leaf helpers (cn, dates, env, url, body): import nothing of ours
 *   db/          the Kysely client, schema, migrations and seed: may import utils
 *   services/    every query and rule of a domain: may import db and utils
 *   http/        request/response glue for routes (API answers, admin actions, auth, site context, page
 *                metadata): may import services, db and utils
 *   components/  UI: may import http's browser-safe modules, services' browser-safe modules and utils
 *   routes/, root.tsx, server/: the top; they may import everything
 * A module named *.server.ts is server-only; a module without `.server` in its name is browser-safe and may
 * not import a *.server module or the database, types included (shared types live in browser-safe modules
 * such as services/<domain>/types.ts, which the *.server module re-exports).
 * Tests may reach across floors to check them.
 */
const floor = (name, folders) => ({
  group: folders.flatMap((folder) => [
    `~/${folder}`,
    `~/${folder}/**`,
    `**/app/${folder}/**`,
    `../${folder}/**`,
    `../../${folder}/**`,
    `../../../${folder}/**`,
  ]),
  message: `${name} may not import from a floor above it (see eslint.config.js and docs/adding-a-feature.md).`,
});
const serverOnly = {
  // The schema's table types are the one exception: type declarations only, no database access.
  group: ["**/*.server", "**/*.server.ts", "**/*.server.tsx", "~/db/**", "!~/db/schema"],
  message:
    "A browser-safe module (no `.server` in its name) may not import a server-only module or the database, not even its types: put shared types in a browser-safe module (e.g. services/<domain>/types.ts).",
};
const floors = [
  { files: ["app/utils/**"], pattern: floor("utils/", ["db", "services", "http", "components", "routes", "root"]) },
  { files: ["app/db/**"], pattern: floor("db/", ["services", "http", "components", "routes", "root"]) },
  { files: ["app/services/**"], pattern: floor("services/", ["http", "components", "routes", "root"]) },
  { files: ["app/http/**"], pattern: floor("http/", ["components", "routes", "root"]) },
  { files: ["app/components/**"], pattern: floor("components/", ["routes", "root"]) },
];
const serverFiles = ["**/*.server.ts", "**/*.server.tsx"];
const testFiles = ["**/*.test.ts", "**/*.test.tsx"];
const boundaries = floors.flatMap(({ files, pattern }) => [
  {
    files,
    ignores: [...serverFiles, ...testFiles],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [pattern, serverOnly] }] },
  },
  {
    files: files.map((f) => `${f}/*.server.{ts,tsx}`),
    ignores: testFiles,
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [pattern] }] },
  },
]);

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      ".react-router/",
      "node_modules/",
      "data/",
      "public/",
      "test-results/",
      "playwright-report/",
      "tests/.artifacts/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  ...boundaries,
);

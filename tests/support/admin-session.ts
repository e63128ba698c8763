import { createTestDatabase } from "./postgres";
import { startServer, type RunningServer } from "./server";

export const TEST_ADMIN = { email: "admin@example.com", password: "integration-admin-password" } as const;

/** Signs in through the sign-in form and returns the session cookie ("__Host-wff_session=..." on the default https SITE_URL). */
export async function signIn(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }),
  });
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (response.status !== 302 || cookie === undefined || !/^(__Host-)?wff_session=/.test(cookie)) {
    throw new Error(`sign-in failed with status ${response.status}`);
  }
  return cookie;
}

/**
 * Starts the production build with the test admin, behind a trusted loopback proxy (so that a test can give
 * each request a client address of its own with X-Forwarded-For), on SQLite or on a PostgreSQL database of
 * its own, and signs in, with `extraEnv` besides. `stop` stops the server and drops the database.
 */
export async function startSignedIn(database: "sqlite" | "postgres", extraEnv: Record<string, string> = {}) {
  const env: Record<string, string> = {
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    TRUST_PROXY: "loopback",
    ...extraEnv,
  };
  const created = database === "postgres" ? await createTestDatabase() : undefined;
  if (created) env.DATABASE_URL = created.url;
  const server = await startServer(env);
  return {
    server,
    cookie: await signIn(server),
    databaseUrl: created?.url,
    async stop() {
      await server.stop();
      await created?.drop();
    },
  };
}

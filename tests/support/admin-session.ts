import type { RunningServer } from "./server";

export const TEST_ADMIN = { email: "admin@example.com", password: "integration-admin-password" } as const;

/** Signs in through the sign-in form and returns the session cookie ("wff_session=..."). */
export async function signIn(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }),
  });
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (response.status !== 302 || !cookie?.startsWith("wff_session=")) {
    throw new Error(`sign-in failed with status ${response.status}`);
  }
  return cookie;
}

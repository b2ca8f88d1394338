/** A session token for the seeded organization's administrator, signed in through the API. */
export async function adminToken(
  baseUrl: string,
  org: { adminEmail: string; password: string },
): Promise<string> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: org.adminEmail, password: org.password }),
  });
  return ((await login.json()) as { entity: { token: string } }).entity.token;
}

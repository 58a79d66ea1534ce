import type { TestServer } from "./server.ts";

/**
 * The statements the server sends to PostgreSQL while `fn` runs, whitespace collapsed, in order (postgres.js's
 * `debug` hook; nothing else may use the database meanwhile).
 */
export async function statementsSent(t: TestServer, fn: () => Promise<unknown>): Promise<string[]> {
  return (await statementsByConnection(t, fn)).map((s) => s.text);
}

/** `statementsSent` with the connection each statement went to (postgres.js's connection number). */
export async function statementsByConnection(
  t: TestServer,
  fn: () => Promise<unknown>,
): Promise<{ conn: number; text: string }[]> {
  const sent: { conn: number; text: string }[] = [];
  const options = t.db.sql.options as { debug: unknown };
  options.debug = (conn: number, text: string) => {
    sent.push({ conn, text: text.replace(/\s+/g, " ").trim() });
  };
  try {
    await fn();
  } finally {
    options.debug = false;
  }
  return sent;
}

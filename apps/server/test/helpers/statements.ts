import type { TestServer } from "./server.ts";

/**
 * The statements the server sends to PostgreSQL while `fn` runs, whitespace collapsed, in order (postgres.js's
 * `debug` hook; nothing else may use the database meanwhile).
 */
export async function statementsSent(t: TestServer, fn: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const options = t.db.sql.options as { debug: unknown };
  options.debug = (_conn: number, text: string) => { sent.push(text.replace(/\s+/g, " ").trim()); };
  try {
    await fn();
  } finally {
    options.debug = false;
  }
  return sent;
}

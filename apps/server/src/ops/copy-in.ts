import { once } from "node:events";
import type { Writable } from "node:stream";
import type postgres from "postgres";

/**
 * `COPY … FROM STDIN` on a reserved connection, fed chunk by chunk, ended with `end()`.
 * postgres.js reports an error PostgreSQL sends after the last chunk (a bad row, a constraint) to the query, whose
 * promise already resolved with the stream, and never finishes the stream: the error is caught from the query here,
 * so `end()` rejects with PostgreSQL's message instead of waiting forever.
 */
export class CopyIn {
  private stream!: Writable;
  private done!: Promise<void>;

  static async open(sql: postgres.ReservedSql, statement: string): Promise<CopyIn> {
    const copy = new CopyIn();
    const query = sql.unsafe(statement) as unknown as {
      reject: (e: unknown) => void;
      writable: () => Promise<Writable>;
    };
    let failed: (e: unknown) => void = () => {};
    const reject = query.reject;
    query.reject = (e) => {
      failed(e);
      reject(e);
    };
    copy.stream = await query.writable();
    copy.done = new Promise<void>((resolve, fail) => {
      failed = fail;
      copy.stream.once("finish", () => resolve());
      copy.stream.once("error", fail);
    });
    copy.done.catch(() => {}); // observed by write() and end()
    return copy;
  }

  async write(chunk: Buffer): Promise<void> {
    if (!this.stream.write(chunk)) await Promise.race([once(this.stream, "drain"), this.done]);
  }

  async end(): Promise<void> {
    this.stream.end();
    await this.done;
  }
}

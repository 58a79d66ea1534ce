import postgres from "postgres";
import { afterEach, describe, expect, inject, it } from "vitest";
import { sql } from "drizzle-orm";
import { connect, TX_ATTEMPTS, type Database } from "../src/db/client.ts";

/**
 * Transactions as the patched postgres.js runs them (patches/): a plain BEGIN is written together with the
 * transaction's first statement, without waiting for BEGIN's answer (issue #13: one round trip fewer per write),
 * and the connection stays the transaction's alone.
 */
const pools: Database[] = [];
afterEach(async () => {
  while (pools.length) await pools.pop()!.close();
});

function pool(max: number, sent?: string[]): Database {
  const db = connect(inject("pgAdminUrl"), { max });
  pools.push(db);
  if (sent) (db.sql.options as { debug: unknown }).debug = (_c: number, text: string) => sent.push(text);
  return db;
}

describe("a transaction's BEGIN", () => {
  it("goes out with the first statement, before anything comes back from the server", async () => {
    const sent: string[] = [];
    const db = pool(1, sent);
    await db.sql`SELECT 1`; // connected
    sent.length = 0;
    // Any answer from the server arrives after this immediate has run (BEGIN itself is only written on one).
    let answered = false;
    let firstSentAfterAnswer: boolean | null = null;
    const origDebug = (db.sql.options as unknown as { debug: (c: number, t: string) => void }).debug;
    (db.sql.options as { debug: unknown }).debug = (c: number, text: string) => {
      origDebug(c, text);
      if (/^begin/i.test(text)) setImmediate(() => (answered = true));
      else if (firstSentAfterAnswer === null) firstSentAfterAnswer = answered;
    };
    const n = await db.sql.begin(async (t) => (await t`SELECT 41 + 1 AS n`)[0].n);
    expect(n).toBe(42);
    expect(sent.map((s) => s.trim().toLowerCase())).toEqual(["begin", "select 41 + 1 as n", "commit"]);
    expect(firstSentAfterAnswer).toBe(false);
  });

  it("is still one transaction: an error rolls back what its first statements wrote", async () => {
    const db = pool(1);
    await db.sql`CREATE TEMP TABLE pipelined_begin (n int)`;
    const failed = await db.sql
      .begin(async (t) => {
        await t`INSERT INTO pipelined_begin VALUES (1)`;
        await t`INSERT INTO pipelined_begin VALUES (2)`;
        throw new Error("abandon");
      })
      .then(
        () => null,
        (e: Error) => e.message,
      );
    expect(failed).toBe("abandon");
    expect(await db.sql`SELECT count(*)::int AS c FROM pipelined_begin`).toEqual([{ c: 0 }]);
    await db.sql.begin(async (t) => {
      await t`INSERT INTO pipelined_begin VALUES (3)`;
    });
    expect(await db.sql`SELECT n FROM pipelined_begin`).toEqual([{ n: 3 }]);
  });

  it("keeps its connection to itself: a query outside waits for the commit and runs in its own transaction", async () => {
    // postgres.js itself, without the app's gate (core/db/client.ts), which would hold the outside query back anyway
    const raw = postgres(inject("pgAdminUrl"), { max: 1, onnotice: () => {} });
    const db = { sql: raw };
    pools.push({ close: () => raw.end() } as Database);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inside = "";
    const tx = db.sql.begin(async (t) => {
      [{ x: inside }] = await t<{ x: string }[]>`SELECT txid_current()::text AS x`;
      await held;
      return (await t<{ x: string }[]>`SELECT txid_current()::text AS x`)[0].x;
    });
    let outsideDone = false;
    const outside = db.sql<{ x: string }[]>`SELECT txid_current()::text AS x`.then((r) => {
      outsideDone = true;
      return r[0].x;
    });
    while (!inside) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 50));
    expect(outsideDone).toBe(false);
    release();
    const insideAgain = await tx;
    expect(insideAgain).toBe(inside);
    expect(await outside).not.toBe(inside);
  });

  it("with options (isolation level) still waits for BEGIN's answer and runs as asked", async () => {
    const db = pool(1);
    const level = await db.sql.begin(
      "isolation level serializable",
      async (t) => (await t`SHOW transaction_isolation`)[0].transaction_isolation,
    );
    expect(level).toBe("serializable");
  });
});

describe("commitAhead (a transaction's COMMIT sent behind its statements)", () => {
  type AheadSql = { commitAhead: () => unknown };

  it("goes out with the statements before it, and the transaction ends committed", async () => {
    const sent: string[] = [];
    const db = pool(1, sent);
    await db.sql`CREATE TEMP TABLE ahead (n int)`;
    sent.length = 0;
    let answered = false;
    let commitAfterAnswer: boolean | null = null;
    (db.sql.options as { debug: unknown }).debug = (_c: number, text: string) => {
      sent.push(text.trim().toLowerCase());
      if (/^begin/i.test(text)) setImmediate(() => (answered = true));
      if (/^commit/i.test(text)) commitAfterAnswer = answered;
    };
    const n = await db.sql.begin(async (t) => {
      const writing = t`INSERT INTO ahead VALUES (1) RETURNING n`.execute();
      const p = writing.then((r) => r[0].n);
      (t as unknown as AheadSql).commitAhead();
      return p;
    });
    expect(n).toBe(1);
    expect(sent).toEqual(["begin", "insert into ahead values (1) returning n", "commit"]);
    expect(commitAfterAnswer).toBe(false);
    expect(await db.sql`SELECT n FROM ahead`).toEqual([{ n: 1 }]);
  });

  it("rolls everything back when a statement before it fails, and the transaction fails with that error", async () => {
    const db = pool(1);
    await db.sql`CREATE TEMP TABLE ahead (n int)`;
    const failed = await db.sql
      .begin(async (t) => {
        const a = t`INSERT INTO ahead VALUES (1)`.execute();
        const b = t`INSERT INTO ahead VALUES (${"not a number"}::int)`.execute();
        (t as unknown as AheadSql).commitAhead();
        await a;
        await b;
      })
      .then(
        () => null,
        (e: { code?: string }) => e.code,
      );
    expect(failed).toBe("22P02");
    expect(await db.sql`SELECT count(*)::int AS c FROM ahead`).toEqual([{ c: 0 }]);
    // the connection goes on serving, in and out of transactions
    await db.sql.begin(async (t) => {
      await t`INSERT INTO ahead VALUES (2)`;
    });
    expect(await db.sql`SELECT n FROM ahead`).toEqual([{ n: 2 }]);
  });

  it("refuses a statement sent after it (the commit has gone out)", async () => {
    const db = pool(1);
    await db.sql`CREATE TEMP TABLE ahead (n int)`;
    const failed = await db.sql
      .begin(async (t) => {
        const a = t`INSERT INTO ahead VALUES (1)`.execute();
        (t as unknown as AheadSql).commitAhead();
        await a;
        await t`INSERT INTO ahead VALUES (2)`;
      })
      .then(
        () => null,
        (e: { code?: string }) => e.code,
      );
    expect(failed).toBe("COMMIT_SENT");
    // what was sent before the commit is committed; nothing after it ran
    expect(await db.sql`SELECT n FROM ahead`).toEqual([{ n: 1 }]);
  });
});

describe("a transaction PostgreSQL aborts for a deadlock or a serialization failure (issue #24 point 14)", () => {
  it("runs again whole: both of two deadlocked transactions commit, each of their rows once", async () => {
    const db = pool(4);
    const table = `tx_retry_${process.pid}_${Date.now()}`;
    await db.sql.unsafe(`CREATE TABLE ${table} (id int PRIMARY KEY, n int NOT NULL DEFAULT 0)`);
    await db.sql.unsafe(`CREATE TABLE ${table}_log (who text NOT NULL)`);
    try {
      await db.sql.unsafe(`INSERT INTO ${table} (id) VALUES (1), (2)`);
      // each takes its first row, waits until the other has taken its own, then asks for the other's: a deadlock
      let arrived = 0;
      let open!: () => void;
      const bothHoldOne = new Promise<void>((resolve) => (open = resolve));
      const runs: string[] = [];
      const crosswise = (who: string, first: number, second: number) =>
        db.db.transaction(async (tx) => {
          runs.push(who);
          await tx.execute(sql.raw(`INSERT INTO ${table}_log VALUES ('${who}')`));
          await tx.execute(sql.raw(`UPDATE ${table} SET n = n + 1 WHERE id = ${first}`));
          if (++arrived === 2) open();
          await bothHoldOne;
          await tx.execute(sql.raw(`UPDATE ${table} SET n = n + 1 WHERE id = ${second}`));
        });
      await Promise.all([crosswise("a", 1, 2), crosswise("b", 2, 1)]);
      // one of them was chosen as the deadlock's victim and ran a second time
      expect(runs.length).toBe(3);
      expect((await db.sql.unsafe(`SELECT who FROM ${table}_log ORDER BY who`)).map((r) => r.who)).toEqual(["a", "b"]);
      expect([...(await db.sql.unsafe(`SELECT n FROM ${table} ORDER BY id`))].map((r) => r.n)).toEqual([2, 2]);
    } finally {
      await db.sql.unsafe(`DROP TABLE ${table}, ${table}_log`);
    }
  });

  it("runs a bounded number of times, and other failures only once", async () => {
    const db = pool(1);
    let runs = 0;
    const serialization = await db.db
      .transaction(async () => {
        runs++;
        throw Object.assign(new Error("could not serialize access"), { code: "40001" });
      })
      .then(
        () => null,
        (e: { code?: string }) => e.code,
      );
    expect(serialization).toBe("40001");
    expect(runs).toBe(TX_ATTEMPTS);
    runs = 0;
    const other = await db.db
      .transaction(async (tx) => {
        runs++;
        await tx.execute(sql`SELECT 1 / 0`);
      })
      .then(
        () => null,
        (e: { cause?: { code?: string } }) => e.cause?.code,
      );
    expect(other).toBe("22012");
    expect(runs).toBe(1);
  });
});

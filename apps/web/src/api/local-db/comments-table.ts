/**
 * The synced projects' comments in the local database (schema 9, issue #28 point 5): each comment as the server
 * presents it in its item's history (`issue-comment` entries), so an item's activity read offline shows them as it
 * would online. Written by the sync (sync.ts `syncComments`, `syncItemComments`); a comment the server answers deleted
 * (`deleted_at` set) is dropped.
 */

/** A comment as the server presents it: what the table needs of it (the rest is kept as it came). */
export interface HeldComment {
  id: string;
  issue: string;
  project: string;
  created_at: string;
  updated_at: string;
  deleted_at?: string | null;
}

type Bind = (string | number | null)[];

/** What the table needs of the database (SQLite's `oo1.DB`). */
interface CommentsDb {
  exec(q: { sql: string; bind: Bind }): unknown;
  selectValues(sql: string, bind: Bind): unknown[];
  transaction(fn: () => void): unknown;
}

export class CommentsTable {
  constructor(private db: () => CommentsDb) {}

  /** Write comments (one transaction): the deleted ones dropped, the others kept as presented. */
  upsert(comments: HeldComment[]): void {
    if (!comments.length) return;
    const db = this.db();
    db.transaction(() => {
      for (const c of comments) {
        if (c.deleted_at) db.exec({ sql: "DELETE FROM comments WHERE id = ?", bind: [c.id] });
        else
          db.exec({
            sql: `INSERT INTO comments (id, project_id, issue_id, comment, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
              ON CONFLICT (id) DO UPDATE SET project_id = excluded.project_id, issue_id = excluded.issue_id,
              comment = excluded.comment, created_at = excluded.created_at, updated_at = excluded.updated_at`,
            bind: [c.id, c.project, c.issue, JSON.stringify(c), c.created_at, c.updated_at],
          });
      }
    });
  }

  /** An item's comments held, oldest first (as its history answers them). */
  of(issueId: string): HeldComment[] {
    return (
      this.db().selectValues("SELECT comment FROM comments WHERE issue_id = ? ORDER BY created_at, id", [
        issueId,
      ]) as string[]
    ).map((j) => JSON.parse(j) as HeldComment);
  }

  /** A project the person may no longer read: its comments dropped. */
  forget(pid: string): void {
    this.db().exec({ sql: "DELETE FROM comments WHERE project_id = ?", bind: [pid] });
  }
}

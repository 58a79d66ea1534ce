import { eq, sql } from "drizzle-orm";
import type { RecordFormat, RecordType } from "@stride/shared/contract";
import { schema, type Db, type DbOrTx } from "../../db/client.ts";
import { printable } from "../../core/printable.ts";
import type { RecordRow } from "./presenters.ts";

const { agentExecutionRecords: R, agentExecutions: E } = schema;

export interface RecordInput {
  type: RecordType;
  content: string;
  format?: RecordFormat;
  toolName?: string | null;
  toolCallId?: string | null;
}

/** Longest record content kept (a huge command output is cut and marked). */
export const RECORD_MAX_CHARS = 200_000;

/** Record content as stored: made printable (core/printable.ts: any bytes a command printed), cut to RECORD_MAX_CHARS. */
export function recordContent(text: string): string {
  const content = printable(text);
  return content.length > RECORD_MAX_CHARS
    ? `${content.slice(0, RECORD_MAX_CHARS)}\n… ${content.length - RECORD_MAX_CHARS} more characters not kept`
    : content;
}

/**
 * Append a record with the execution's next `seq` (the execution row is locked for it, so seqs never collide);
 * the insert publishes the live event, and the execution's `updated_at` moves so watchers see it is alive.
 */
export async function appendRecord(
  db: DbOrTx,
  exec: { id: string; workspaceId: string; projectId: string },
  r: RecordInput,
): Promise<RecordRow> {
  const run = async (tx: DbOrTx) => {
    await tx.execute(sql`SELECT 1 FROM agent_executions WHERE id = ${exec.id} FOR UPDATE`);
    const [{ next }] = (await tx.execute(
      sql`SELECT coalesce(max(seq), 0) + 1 AS next FROM agent_execution_records WHERE execution = ${exec.id}`,
    )) as unknown as { next: number }[];
    const content = recordContent(r.content);
    const [row] = await tx
      .insert(R)
      .values({
        workspaceId: exec.workspaceId,
        projectId: exec.projectId,
        executionId: exec.id,
        seq: Number(next),
        type: r.type,
        format: r.format ?? "text",
        content,
        toolName: r.toolName ?? null,
        toolCallId: r.toolCallId ?? null,
      })
      .returning();
    await tx.update(E).set({ updatedAt: new Date() }).where(eq(E.id, exec.id));
    return row;
  };
  return (db as Db).transaction(run);
}

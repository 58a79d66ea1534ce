/**
 * The web reads the one API contract of `@stride/shared` and declares no copy of it (issue #7, point 12):
 * - every wire type the web uses IS the contract's (type-level checks, run by `npm run typecheck`);
 * - the constants the web sends (PATCH fields, relation types) are the shared objects;
 * - no web source declares a type the contract exports, or an array literal equal to a shared constant, so a copy
 *   added later fails here.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, expectTypeOf, it } from "vitest";
import * as shared from "@stride/shared";
import * as contract from "@stride/shared/contract";
import type * as C from "@stride/shared/contract";
import type * as T from "./types.ts";
import type * as W from "./work-items-types.ts";
import type { BulkProperties } from "./work-items.ts";
import type { CreateBody } from "./work-items-create.ts";
import type { DraftBody } from "./work-items-drafts.ts";
import type { DescriptionVersion, DescriptionVersionDetail } from "./work-items-detail.ts";
import type { AdminUser, ConfigRow } from "./god-mode.ts";
import { RELATION_LABEL } from "./work-items-detail.ts";

const root = fileURLToPath(new URL("../../../../", import.meta.url));
const webSrc = join(root, "apps/web/src");
const contractDir = join(root, "packages/shared/src/contract");

describe("web wire types are the contract's", () => {
  it("re-exports the presented response types", () => {
    expectTypeOf<T.User>().toEqualTypeOf<C.UserMe>();
    expectTypeOf<T.UserLite>().toEqualTypeOf<C.UserLite>();
    expectTypeOf<T.Profile>().toEqualTypeOf<C.Profile>();
    expectTypeOf<T.OnboardingStep>().toEqualTypeOf<C.OnboardingStep>();
    expectTypeOf<T.UserSettings>().toEqualTypeOf<C.UserSettings>();
    expectTypeOf<T.Workspace>().toEqualTypeOf<C.Workspace>();
    expectTypeOf<T.WorkspaceMemberMe>().toEqualTypeOf<C.WorkspaceMemberMe>();
    expectTypeOf<T.Invitation>().toEqualTypeOf<C.Invitation>();
    expectTypeOf<T.ProjectLite>().toEqualTypeOf<C.ProjectListItem>();
    expectTypeOf<T.Project>().toEqualTypeOf<C.Project>();
    expectTypeOf<T.LogoProps>().toEqualTypeOf<C.LogoProps>();
    expectTypeOf<T.ProjectMember>().toEqualTypeOf<C.ProjectMemberRole>();
    expectTypeOf<T.ProjectMemberMe>().toEqualTypeOf<C.ProjectMember>();
    expectTypeOf<T.State>().toEqualTypeOf<C.State>();
    expectTypeOf<T.Label>().toEqualTypeOf<C.Label>();
    expectTypeOf<T.Paginated<C.Label>>().toEqualTypeOf<C.Paginated<C.Label>>();
    expectTypeOf<T.AdminWorkspace>().toEqualTypeOf<C.AdminWorkspace>();
    expectTypeOf<AdminUser>().toEqualTypeOf<C.AdminMe>();
    expectTypeOf<ConfigRow>().toEqualTypeOf<C.ConfigRow>();

    expectTypeOf<W.WorkItemDetail>().toEqualTypeOf<C.WorkItemDetail>();
    expectTypeOf<W.PriorityKey>().toEqualTypeOf<C.Priority>();
    expectTypeOf<W.TaskItem>().toEqualTypeOf<C.Task>();
    expectTypeOf<W.ReactionLite>().toEqualTypeOf<C.IssueReactionLite>();
    expectTypeOf<W.CommentReaction>().toEqualTypeOf<C.CommentReaction>();
    expectTypeOf<W.LinkLite>().toEqualTypeOf<C.LinkLite>();
    expectTypeOf<W.AttachmentLite>().toEqualTypeOf<C.AttachmentLite>();
    expectTypeOf<W.RelationLite>().toEqualTypeOf<C.RelationLite>();
    expectTypeOf<W.RelationMap>().toEqualTypeOf<C.RelationMap>();
    expectTypeOf<W.RelationItem>().toEqualTypeOf<C.RelatedWorkItem>();
    expectTypeOf<W.Activity>().toEqualTypeOf<C.Activity>();
    expectTypeOf<W.Comment>().toEqualTypeOf<C.Comment>();
    expectTypeOf<W.LinkItem>().toEqualTypeOf<C.Link>();
    expectTypeOf<W.UserProperties>().toEqualTypeOf<C.UserProperties>();
    expectTypeOf<W.UploadSlot>().toEqualTypeOf<C.UploadSlot>();
    expectTypeOf<W.FileAsset>().toEqualTypeOf<C.FileAsset>();
    expectTypeOf<W.WorkspaceDraft>().toEqualTypeOf<C.WorkspaceDraft>();
    expectTypeOf<DescriptionVersion>().toEqualTypeOf<C.DescriptionVersionLite>();
    expectTypeOf<DescriptionVersionDetail>().toEqualTypeOf<C.DescriptionVersion>();
  });

  it("derives the web's reading views from the contract", () => {
    // a list row, or a single item's answer with its extra counts
    expectTypeOf<W.WorkItem>().toExtend<C.WorkItemListItem>();
    expectTypeOf<Pick<W.WorkItem, "task_count" | "is_epic">>().toEqualTypeOf<
      Partial<Pick<C.WorkItem, "task_count" | "is_epic">>
    >();
    expectTypeOf<W.ListEnvelope>().toEqualTypeOf<C.ListEnvelope<W.WorkItem>>();
    expectTypeOf<W.GroupBucket>().toEqualTypeOf<C.GroupBucket<W.WorkItem>>();
    expectTypeOf<W.SubIssuesResponse["sub_issues"]>().toEqualTypeOf<C.SubWorkItem[]>();
    expectTypeOf<T.WorkspaceMember>().toExtend<Omit<C.WorkspaceMember, "member">>();
    expectTypeOf<C.WorkspaceMember>().toExtend<T.WorkspaceMember>();
    expectTypeOf<Extract<C.InstanceInfo, { config: unknown }>>().toExtend<T.InstanceInfo>();
  });

  it("sends the contract's request bodies", () => {
    expectTypeOf<BulkProperties>().toEqualTypeOf<C.BulkProperties>();
    expectTypeOf<DraftBody>().toEqualTypeOf<C.DraftBody>();
    expectTypeOf<CreateBody>().toExtend<C.WorkItemCreateBody>();
    expectTypeOf<Omit<CreateBody, "cycle_id" | "module_ids">>().toEqualTypeOf<
      Omit<C.WorkItemCreateBody, "cycle_id" | "module_ids">
    >();
    expectTypeOf<Pick<CreateBody, "cycle_id" | "module_ids">>().toEqualTypeOf<
      Pick<C.BulkProperties, "cycle_id" | "module_ids">
    >();
  });

  it("uses the shared constants themselves", () => {
    // the contract and the zod-free index hand out the same objects
    expect(contract.WORK_ITEM_PATCH_FIELDS).toBe(shared.WORK_ITEM_PATCH_FIELDS);
    expect(contract.RELATION_TYPES).toBe(shared.RELATION_TYPES);
    expect(contract.ITEM_RELATION_TYPES).toBe(shared.ITEM_RELATION_TYPES);
    // every relation the detail offers has a label, and no other
    expect(Object.keys(RELATION_LABEL)).toEqual([...shared.ITEM_RELATION_TYPES]);
  });
});

// ---------------------------------------------------------------- no copies in the web's sources

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(
    file,
    readFileSync(file, "utf8"),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
}

function walk(node: ts.Node, visit: (n: ts.Node) => void) {
  visit(node);
  node.forEachChild((c) => walk(c, visit));
}

/** Names of the types the contract exports (interfaces and type aliases). */
function contractTypeNames(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(contractDir)) {
    for (const st of parse(file).statements) {
      const exported =
        ts.canHaveModifiers(st) && ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      if (exported && (ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st))) names.add(st.name.text);
    }
  }
  return names;
}

/** Every exported constant of `@stride/shared` that is a list of at least three strings. */
function sharedStringLists(): { name: string; key: string }[] {
  const seen = new Map<string, string>();
  for (const [name, value] of Object.entries({ ...shared, ...contract })) {
    if (Array.isArray(value) && value.length >= 3 && value.every((v) => typeof v === "string")) {
      const key = [...value].sort().join("|");
      if (!seen.has(key)) seen.set(key, name);
    }
  }
  return [...seen].map(([key, name]) => ({ key, name }));
}

describe("the web declares no copy of the contract", () => {
  const files = sourceFiles(webSrc);

  // parsing every source file takes a while on a busy machine
  it("declares no type under a name the contract exports, except as a derivation of it", { timeout: 120_000 }, () => {
    const names = contractTypeNames();
    expect(names.size).toBeGreaterThan(50);
    const copies: string[] = [];
    for (const file of files) {
      walk(parse(file), (n) => {
        const declared = ts.isInterfaceDeclaration(n) || (ts.isTypeAliasDeclaration(n) && ts.isTypeLiteralNode(n.type));
        if (declared && names.has((n as ts.InterfaceDeclaration | ts.TypeAliasDeclaration).name.text)) {
          copies.push(`${relative(root, file)}: ${(n as ts.InterfaceDeclaration).name.text}`);
        }
      });
    }
    expect(copies).toEqual([]);
  });

  it("spells out no list that a shared constant already holds", { timeout: 120_000 }, () => {
    const lists = sharedStringLists();
    expect(lists.map((l) => l.name)).toEqual(
      expect.arrayContaining(["WORK_ITEM_PATCH_FIELDS", "RELATION_TYPES", "ITEM_RELATION_TYPES"]),
    );
    const copies: string[] = [];
    for (const file of files) {
      walk(parse(file), (n) => {
        if (!ts.isArrayLiteralExpression(n) || n.elements.length < 3 || !n.elements.every(ts.isStringLiteral)) return;
        const key = n.elements
          .map((e) => (e as ts.StringLiteral).text)
          .sort()
          .join("|");
        const same = lists.find((l) => l.key === key);
        if (same) copies.push(`${relative(root, file)}: a copy of ${same.name}`);
      });
    }
    expect(copies).toEqual([]);
  });
});

/**
 * Publishing (wire-facts-2 §2): a project's deploy board (publish, change the view options, unpublish) for the
 * project's screens, and the public space's reads and writes (`/api/public/anchor/{anchor}/…`) for the space app.
 * Space reads are anonymous; its writes need a session and the board's permission.
 */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  DeployBoard,
  PublicLabel,
  PublicProjectMeta,
  PublicState,
  UnpublishedBoard,
} from "@stride/shared/contract";
import { endpointUrl, publishEndpoints as PB, type BodyOf } from "@stride/shared/endpoints";
import { call } from "./client.ts";
import { qk } from "./query-keys.ts";

/** A project's board, or a saved view's (`viewId`: one per view, its writes take no board id). */
const at = (slug: string, projectId: string) => ({ slug, projectId });

export const publishKeys = {
  board: (slug: string, pid: string, viewId?: string) =>
    ["ws", slug, "project", pid, "deploy-board", viewId ?? "project"] as const,
  space: (anchor: string) => ["space", anchor] as const,
  spaceIssues: (anchor: string) => ["space", anchor, "issues"] as const,
  spaceIssue: (anchor: string, id: string) => ["space", anchor, "issue", id] as const,
  spaceComments: (anchor: string, id: string) => ["space", anchor, "issue", id, "comments"] as const,
};

/** The board is published when it carries an anchor. */
export const isPublished = (b: DeployBoard | UnpublishedBoard | undefined): b is DeployBoard =>
  !!b && "anchor" in b && !!b.anchor;

/** The public link of a published project (`/spaces/issues/{anchor}`) or view (`/spaces/views/{anchor}`). */
export const spaceLink = (anchor: string, entity: "project" | "view" = "project") =>
  `${window.location.origin}/spaces/${entity === "view" ? "views" : "issues"}/${anchor}`;

/** The board of a project, or of one of its saved views (`viewId`). */
export const deployBoardQuery = (slug: string, pid: string, viewId?: string) =>
  queryOptions({
    queryKey: publishKeys.board(slug, pid, viewId),
    queryFn: ({ signal }) =>
      viewId
        ? call(PB.viewBoard, { ...at(slug, pid), viewId }, undefined, { signal })
        : call(PB.board, at(slug, pid), undefined, { signal }),
  });

export function usePublishProject(slug: string, pid: string, viewId?: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: viewId ? "Could not publish the view" : "Could not publish the project" },
    mutationFn: (body: BodyOf<typeof PB.publish>) =>
      viewId ? call(PB.publishView, { ...at(slug, pid), viewId }, body) : call(PB.publish, at(slug, pid), body),
    onSuccess: (b) => {
      qc.setQueryData(publishKeys.board(slug, pid, viewId), b);
      void qc.invalidateQueries({ queryKey: qk.project(slug, pid), exact: true });
    },
  });
}

export function useUpdateBoard(slug: string, pid: string, viewId?: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not save the publish settings" },
    mutationFn: ({ id, ...body }: BodyOf<typeof PB.updateBoard> & { id: string }) =>
      viewId
        ? call(PB.updateViewBoard, { ...at(slug, pid), viewId }, body)
        : call(PB.updateBoard, { ...at(slug, pid), boardId: id }, body),
    onSuccess: (b) => qc.setQueryData(publishKeys.board(slug, pid, viewId), b),
  });
}

export function useUnpublishProject(slug: string, pid: string, viewId?: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: viewId ? "Could not unpublish the view" : "Could not unpublish the project" },
    mutationFn: (id: string) =>
      viewId
        ? call(PB.unpublishView, { ...at(slug, pid), viewId })
        : call(PB.unpublish, { ...at(slug, pid), boardId: id }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: publishKeys.board(slug, pid, viewId) });
      void qc.invalidateQueries({ queryKey: qk.project(slug, pid), exact: true });
    },
  });
}

// ---- the public space

export interface SpaceData {
  settings: DeployBoard;
  meta: PublicProjectMeta;
  states: PublicState[];
  labels: PublicLabel[];
}

/** Everything the space shows besides the items; a project that is not published answers 404 (no retry). */
export const spaceQuery = (anchor: string) =>
  queryOptions({
    queryKey: publishKeys.space(anchor),
    retry: false,
    queryFn: async ({ signal }): Promise<SpaceData> => {
      const opts = { signal, allow401: true };
      const [settings, meta, states, labels] = await Promise.all([
        call(PB.settings, { anchor }, undefined, opts),
        call(PB.meta, { anchor }, undefined, opts),
        call(PB.states, { anchor }, undefined, opts),
        call(PB.labels, { anchor }, undefined, opts),
      ]);
      return { settings, meta, states, labels };
    },
  });

/** The published items grouped by state (one page of 50 per state, as the space client asks). */
export const spaceIssuesQuery = (anchor: string) =>
  queryOptions({
    queryKey: publishKeys.spaceIssues(anchor),
    retry: false,
    queryFn: ({ signal }) =>
      call(PB.issues, { anchor }, undefined, {
        signal,
        allow401: true,
        query: { group_by: "state_id", per_page: "50", cursor: "50:0:0" },
      }),
  });

export const spaceIssueQuery = (anchor: string, id: string) =>
  queryOptions({
    queryKey: publishKeys.spaceIssue(anchor, id),
    queryFn: ({ signal }) => call(PB.issue, { anchor, issueId: id }, undefined, { signal, allow401: true }),
  });

export const spaceCommentsQuery = (anchor: string, id: string) =>
  queryOptions({
    queryKey: publishKeys.spaceComments(anchor, id),
    queryFn: ({ signal }) => call(PB.comments, { anchor, issueId: id }, undefined, { signal, allow401: true }),
  });

export function useSpaceComment(anchor: string, issueId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not add the comment" },
    mutationFn: (comment_html: string) => call(PB.addComment, { anchor, issueId }, { comment_html }),
    onSuccess: () => qc.invalidateQueries({ queryKey: publishKeys.spaceComments(anchor, issueId) }),
  });
}

/** React to an item, or take the reaction back. */
export function useSpaceReaction(anchor: string, issueId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not change the reaction" },
    mutationFn: async ({ reaction, remove }: { reaction: string; remove: boolean }) => {
      if (remove) await call(PB.unreact, { anchor, issueId, reaction });
      else await call(PB.react, { anchor, issueId }, { reaction });
    },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: publishKeys.spaceIssue(anchor, issueId) });
      void qc.invalidateQueries({ queryKey: publishKeys.spaceIssues(anchor) });
    },
  });
}

/** Vote on an item (1 up, -1 down; one vote per person, a new one replaces it), or take the vote back (`vote: 0`). */
export function useSpaceVote(anchor: string, issueId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not change the vote" },
    mutationFn: async (vote: 1 | -1 | 0) => {
      if (vote === 0) await call(PB.unvote, { anchor, issueId });
      else await call(PB.vote, { anchor, issueId }, { vote });
    },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: publishKeys.spaceIssue(anchor, issueId) });
      void qc.invalidateQueries({ queryKey: publishKeys.spaceIssues(anchor) });
    },
  });
}

/** Where the space loads an image of a description or comment (its stored `src` is the asset id). */
export const spaceAssetUrl = (anchor: string, assetId: string) => endpointUrl(PB.asset.path, { anchor, assetId });

/** The signed-in visitor's own requests sent through the space, and sending one (wire-facts-2 §2 intake-issues/). */
export const spaceRequestsQuery = (anchor: string, intakeId: string) =>
  queryOptions({
    queryKey: [...publishKeys.space(anchor), "requests", intakeId] as const,
    queryFn: ({ signal }) => call(PB.requests, { anchor, intakeId }, undefined, { signal }),
  });

export function useSpaceRequest(anchor: string, intakeId: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not send the request" },
    mutationFn: (issue: BodyOf<typeof PB.sendRequest>["issue"]) =>
      call(PB.sendRequest, { anchor, intakeId }, { issue }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...publishKeys.space(anchor), "requests", intakeId] }),
  });
}

/** `/spaces/{slug}/{projectId}`: the anchor of a published project. */
export const spaceAnchorOf = (slug: string, pid: string) =>
  call(PB.anchorOf, at(slug, pid), undefined, { allow401: true });

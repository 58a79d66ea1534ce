import { importerEndpoints } from "@stride/shared/endpoints";
import { desc, eq, getTableColumns } from "drizzle-orm";
import { route, type RouteModule } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import { schema } from "../../db/client.ts";
import { slugParams } from "../../http/fields.ts";
import { createImportBody, importerParams, startImportBody } from "./schemas.ts";
import { presentImporter } from "./presenters.ts";
import { createImport, deleteImport, loadImporter, startImport } from "./commands.ts";

/**
 * Importers (work-tracking §9, settings → imports; workspace admins): create from a Jira CSV file or a GitHub
 * repository, map the source's statuses and people, start; the run is a job (commands.ts) that reports progress
 * on the row and a summary at the end. Re-running matches work items by `external_source` + `external_id`.
 */
export const importerRoutes: RouteModule = (fastify, app) => {
  const load = ({ workspace, params }: { workspace: { id: string }; params: { importerId: string } }) =>
    loadImporter(app.db, workspace.id, params.importerId);

  route(fastify, app, {
    endpoint: importerEndpoints.list,
    params: slugParams,
    scope: "workspace",
    policy: PERMISSIONS.importer.view,
    handler: async ({ workspace }) => {
      // The stored source items can be large: the list never reads them.
      const { items: _items, tokenSealed: _token, ...listed } = getTableColumns(schema.importers);
      const rows = await app.db
        .select(listed)
        .from(schema.importers)
        .where(eq(schema.importers.workspaceId, workspace.id))
        .orderBy(desc(schema.importers.createdAt))
        .limit(100);
      return rows.map(presentImporter);
    },
  });

  route(fastify, app, {
    endpoint: importerEndpoints.create,
    params: slugParams,
    body: createImportBody,
    scope: "workspace",
    policy: PERMISSIONS.importer.create,
    status: 201,
    handler: async ({ workspace, user, body }) => presentImporter(await createImport(app, workspace.id, user.id, body)),
  });

  route(fastify, app, {
    endpoint: importerEndpoints.get,
    params: importerParams,
    scope: "workspace",
    load,
    policy: PERMISSIONS.importer.view,
    handler: async ({ loaded }) => presentImporter(loaded),
  });

  route(fastify, app, {
    endpoint: importerEndpoints.start,
    params: importerParams,
    body: startImportBody,
    scope: "workspace",
    load,
    policy: PERMISSIONS.importer.edit,
    handler: async ({ loaded, user, body }) => presentImporter(await startImport(app, loaded, user.id, body)),
  });

  route(fastify, app, {
    endpoint: importerEndpoints.remove,
    params: importerParams,
    scope: "workspace",
    load,
    policy: PERMISSIONS.importer.delete,
    status: 204,
    handler: async ({ loaded }) => {
      await deleteImport(app, loaded);
    },
  });
};

import { userSecretEndpoints } from "@stride/shared/endpoints";
import { route, type RouteModule } from "../../http/route.ts";
import { PERMISSIONS } from "../../http/policies.ts";
import { createSecretBody, secretParams, updateSecretBody } from "./schemas.ts";
import { presentSecret } from "./presenters.ts";
import { createSecret, deleteSecret, listSecrets, loadSecret, updateSecret } from "./commands.ts";

/** The caller's own secrets (`/api/users/me/secrets/`): values are write-only, sealed at rest, shown masked. */
export const userSecretRoutes: RouteModule = (fastify, app) => {
  route(fastify, app, {
    endpoint: userSecretEndpoints.list,
    policy: PERMISSIONS.secret.view,
    handler: async ({ user }) => (await listSecrets(app.db, user.id)).map(presentSecret),
  });

  route(fastify, app, {
    endpoint: userSecretEndpoints.create,
    body: createSecretBody,
    policy: PERMISSIONS.secret.create,
    status: 201,
    handler: async ({ user, body }) => presentSecret(await createSecret(app, user.id, body)),
  });

  route(fastify, app, {
    endpoint: userSecretEndpoints.update,
    params: secretParams,
    body: updateSecretBody,
    load: ({ user, params }) => loadSecret(app.db, user.id, params.secretId),
    policy: PERMISSIONS.secret.edit,
    handler: async ({ user, loaded, body }) => presentSecret(await updateSecret(app, loaded, user.id, body)),
  });

  route(fastify, app, {
    endpoint: userSecretEndpoints.remove,
    params: secretParams,
    load: ({ user, params }) => loadSecret(app.db, user.id, params.secretId),
    policy: PERMISSIONS.secret.delete,
    status: 204,
    handler: async ({ loaded }) => {
      await deleteSecret(app, loaded);
    },
  });
};

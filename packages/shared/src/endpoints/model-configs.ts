import type * as C from "../contract/index.ts";
import { endpoint, type In, PROJECT_API } from "./endpoint.ts";

/** Model configurations of a project (agents.md §2). */
export const modelConfigEndpoints = {
  list: endpoint("GET", `${PROJECT_API}/model-configs/`).answers<C.ModelConfigList>(),
  test: endpoint("POST", `${PROJECT_API}/model-configs/test/`)
    .sends<In<typeof C.testModelConfigBody>>()
    .answers<C.ModelConfigTestResult>(),
  save: endpoint("POST", `${PROJECT_API}/model-configs/:name/`)
    .sends<In<typeof C.saveModelConfigBody>>()
    .answers<{ model_config: C.ModelConfig }>(),
  remove: endpoint("DELETE", `${PROJECT_API}/model-configs/:name/`).answers<void>(),
};

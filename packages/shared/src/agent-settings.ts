/**
 * Rules both sides check for model configurations (agents.md §2) and a person's secrets: the server's contract
 * builds its schemas from them, the settings screens check the same before sending.
 */
export const MODEL_PROVIDERS = ["openai", "anthropic"] as const;
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];
export const MODEL_PROVIDER_LABEL: Record<ModelProvider, string> = {
  openai: "OpenAI-compatible",
  anthropic: "Anthropic-compatible",
};
/** The base URL used when a configuration leaves it empty. */
export const DEFAULT_MODEL_BASE_URL: Record<ModelProvider, string> = {
  openai: "https://api.openai.com/v1",
  anthropic: "https://api.anthropic.com",
};

export const MODEL_CONFIG_NAME_MAX = 100;
export const MODEL_CONFIG_NAME_RE = /^[A-Za-z0-9][A-Za-z0-9 ._-]*$/;
export const MODEL_BASE_URL_RE = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
export const MODEL_CONFIG_MSG = {
  nameChars: "Use letters, digits, spaces, dots, dashes and underscores, starting with a letter or digit.",
  nameReserved: '"test" is reserved; choose another name.',
  notFound: "Model configuration not found.",
  temperature: "Enter a temperature from 0 to 2.",
  keyForOtherUrl: "Enter the API key again: a saved key is only sent to the base URL it was saved with.",
} as const;

export const SECRET_NAME_MAX = 100;
export const SECRET_VALUE_MAX = 10000;
export const SECRET_NAME_RE = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const SECRET_MSG = {
  nameChars: "Use letters, digits and underscores, not starting with a digit.",
  nameTaken: "A secret with this name already exists.",
  notFound: "Secret not found.",
} as const;
